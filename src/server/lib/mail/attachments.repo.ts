import type { Queryable } from '#server/db/client.ts';
import { emailAttachments } from '#server/db/schema/index.ts';
import { enqueueEmail, type OutgoingEmail } from './outbox.service.ts';

// Files sent with an outbox email live in their own table (email_attachments), written in the same transaction
// as the email; the delivery loop reads them with the row and the SMTP transport sends them.

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** enqueueEmail plus files, all in the caller's transaction. */
export async function enqueueEmailWithAttachments(
  tx: Queryable,
  email: OutgoingEmail,
  attachments: EmailAttachment[],
): Promise<string> {
  const id = await enqueueEmail(tx, email);
  if (attachments.length) {
    await tx.insert(emailAttachments).values(attachments.map((file) => ({ ...file, emailId: id })));
  }
  return id;
}
