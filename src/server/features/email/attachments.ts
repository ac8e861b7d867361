import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { emailAttachments } from '#server/db/schema/index.ts';
import { enqueueEmail, type OutgoingEmail, type Transport } from './outbox.service.ts';

// Files sent with an outbox email live in their own table (email_attachments), written in the same transaction
// as the email; the delivery loop only passes the row id, and this wrapper adds the files when sending.

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

export async function attachmentsOf(db: Queryable, emailId: string): Promise<EmailAttachment[]> {
  return db
    .select({
      filename: emailAttachments.filename,
      contentType: emailAttachments.contentType,
      content: emailAttachments.content,
    })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, emailId));
}

/** Wraps a transport so emails with stored attachments are sent with them. */
export function withAttachments(db: Db, transport: Transport): Transport {
  if (!transport) return null;
  return async (email) => {
    const files = email.id ? await attachmentsOf(db, email.id) : [];
    await transport(files.length ? { ...email, attachments: files } : email);
  };
}
