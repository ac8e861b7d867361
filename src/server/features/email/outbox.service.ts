import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { emailAttachments, emailOutbox } from '#server/db/schema/index.ts';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * Queues an email in the same transaction as the change that causes it (pass the transaction handle):
 * if the change rolls back, no email is sent; if it commits, the worker delivers it.
 */
export async function enqueueEmail(db: Queryable, email: OutgoingEmail): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

async function attachmentsOf(db: Queryable, emailId: string) {
  return db
    .select({
      filename: emailAttachments.filename,
      contentType: emailAttachments.contentType,
      content: emailAttachments.content,
    })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, emailId));
}

export const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min … capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export type Transport = ((email: OutgoingEmail) => Promise<void>) | null;

/**
 * Claims due rows (FOR UPDATE SKIP LOCKED, so several processes never send one twice) and delivers them.
 * With no transport (no SMTP_URL) rows are marked 'logged' and stay readable in the admin mailbox.
 */
export async function deliverDue(db: Db, transport: Transport, batchSize = 10): Promise<number> {
  let handled = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, new Date())))
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const email = {
          // Files queued with the email (attachments.ts), read with the same transaction.
          attachments: await attachmentsOf(tx, row.id),
          kind: row.kind,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
        };
        if (!transport) {
          await tx
            .update(emailOutbox)
            .set({ status: 'logged', sentAt: new Date(), attempts: row.attempts + 1 })
            .where(eq(emailOutbox.id, row.id));
          continue;
        }
        try {
          await transport(email);
          await tx
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
            .where(eq(emailOutbox.id, row.id));
        } catch (error) {
          const attempts = row.attempts + 1;
          await tx
            .update(emailOutbox)
            .set({
              attempts,
              lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
            })
            .where(eq(emailOutbox.id, row.id));
        }
      }
      return rows.length;
    });
    handled += done;
    if (done < batchSize) return handled;
  }
}

/** Sends again now: resets the backoff of failed or pending rows (used after the relay comes back). */
export async function retryNow(db: Db, ids?: string[]): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'pending', nextAttemptAt: new Date() })
    .where(
      and(inArray(emailOutbox.status, ['pending', 'failed']), ids ? inArray(emailOutbox.id, ids) : sql`true`),
    );
}

export async function listMailbox(db: Db, limit = 100) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
