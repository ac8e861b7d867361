import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { emailAttachments, emailOutbox } from '#server/db/schema/index.ts';
import { notFound } from '#server/lib/http.error.ts';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification emails, RFC 8058). */
  headers?: Record<string, string>;
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
      headers: email.headers,
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

/** A mail is retried for this long after it was queued, then marked 'failed' (an admin can still send it). */
export const GIVE_UP_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** 30 s, 1 min, 2 min … capped at 1 hour, so a relay outage of any length is followed within the hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.min(Math.max(0, attempts - 1), 20), MAX_BACKOFF_MS);
}

/**
 * How long a claimed row belongs to the process sending it. Longer than any send can take with the SMTP timeouts
 * (config.ts), so no other process sends it meanwhile; if the sender dies, the row is due again after this.
 */
export const CLAIM_LEASE_MS = 10 * 60 * 1000;

export type Transport = ((email: OutgoingEmail) => Promise<void>) | null;

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims up to `limit` due rows in one short statement (FOR UPDATE SKIP LOCKED inside it, so two processes never
 * claim the same row): they become 'sending', with their attempt counted and a lease as next attempt time.
 */
async function claimDue(db: Db, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(inArray(emailOutbox.status, ['pending', 'sending']), lte(emailOutbox.nextAttemptAt, sql`now()`)),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(Date.now() + CLAIM_LEASE_MS),
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** The row while it is still this claim's (same attempt, still 'sending'). */
function stillClaimed(row: OutboxRow) {
  return and(
    eq(emailOutbox.id, row.id),
    eq(emailOutbox.status, 'sending'),
    eq(emailOutbox.attempts, row.attempts),
  );
}

/** Records a send's outcome, unless another process has claimed the row since (its lease ran out). */
async function recordOutcome(db: Db, row: OutboxRow, error: unknown | null): Promise<void> {
  const mine = stillClaimed(row);
  if (error === null) {
    await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(mine);
    return;
  }
  const givenUp = Date.now() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS;
  await db
    .update(emailOutbox)
    .set({
      lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      status: givenUp ? 'failed' : 'pending',
      nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
    })
    .where(mine);
}

/**
 * Delivers due rows. No transaction or connection is held while SMTP talks: rows are claimed in one statement,
 * sent, and each outcome recorded in another (the embedded database has a single connection that every request
 * shares, so a slow relay must never sit inside it). With no transport (no SMTP_URL) due rows are marked
 * 'logged' and stay readable in the admin mailbox.
 */
export async function deliverDue(
  db: Db,
  transport: Transport,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const { batchSize = 10, signal } = options;
  let handled = 0;
  for (;;) {
    if (!transport) {
      const logged = await db
        .update(emailOutbox)
        .set({ status: 'logged', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
        .returning({ id: emailOutbox.id });
      return handled + logged.length;
    }
    if (signal?.aborted) return handled;
    const rows = await claimDue(db, batchSize);
    for (const [index, row] of rows.entries()) {
      if (signal?.aborted) {
        await releaseClaims(db, rows.slice(index));
        return handled;
      }
      let failure: unknown | null = null;
      try {
        await transport({
          // Files queued with the email (attachments.repo.ts).
          attachments: await attachmentsOf(db, row.id),
          kind: row.kind,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          headers: row.headers ?? undefined,
        });
      } catch (error) {
        failure = error;
      }
      await recordOutcome(db, row, failure);
      handled++;
    }
    if (rows.length < batchSize) return handled;
  }
}

/** Hands claimed but unsent rows back (the process is stopping): due at once, the attempt not counted. */
async function releaseClaims(db: Db, rows: OutboxRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .update(emailOutbox)
      .set({ status: 'pending', attempts: row.attempts - 1, nextAttemptAt: new Date() })
      .where(stillClaimed(row));
  }
}

/** Sends again now: resets the backoff of failed or pending rows (all of them, or `ids`). */
export async function retryNow(db: Db, ids?: string[]): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'pending', nextAttemptAt: new Date() })
    .where(
      and(inArray(emailOutbox.status, ['pending', 'failed']), ids ? inArray(emailOutbox.id, ids) : sql`true`),
    );
}

/** The admin's "Send now": one undelivered email goes back to the front of the queue. */
export async function sendNow(db: Db, id: string): Promise<OutboxRow> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  if (!row) throw notFound('Email not found', 'EMAIL_NOT_FOUND');
  await retryNow(db, [id]);
  const [updated] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return updated!;
}

export async function listMailbox(db: Db, limit = 100) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

/** Mail not delivered yet (pending, being sent or given up): how many, and when the oldest was queued. */
export async function undeliveredSummary(db: Db): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestAt: sql<string | null>`min(${emailOutbox.createdAt})`,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['pending', 'sending', 'failed']));
  return { count: row?.count ?? 0, oldestAt: row?.oldestAt ? new Date(row.oldestAt) : null };
}
