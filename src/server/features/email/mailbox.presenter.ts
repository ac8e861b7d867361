import type { emailOutbox } from '#server/db/schema/index.ts';
import type { MailboxEmail } from '#shared/schemas/checkout.ts';

export function presentMailboxEmail(row: typeof emailOutbox.$inferSelect): MailboxEmail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    headers: row.headers ?? {},
  };
}
