import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { paymentInstalments, payments } from '#server/db/schema/index.ts';
import { INSTALMENT_RETRY_DAYS } from '#shared/schemas/instalments.ts';
import { sendInstalmentFailedEmail } from './instalment-emails.presenter.ts';
import { type InstalmentInvoicing, invoicePaidInstalment } from './instalment-invoices.service.ts';

// The instalment state changes (docs/product.md#failed-instalments), each one conditional statement on the row as
// it was seen, so the daily job in two processes, a webhook delivered twice, or the buyer paying while a retry
// runs record each thing once.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Unpaid instalments the buyer can pay themselves (overdue or defaulted). */
export const OVERDUE = ['failed', 'defaulted'] as const;

export type InstalmentRow = typeof paymentInstalments.$inferSelect;

export async function lockInstalment(tx: Queryable, id: string): Promise<InstalmentRow | null> {
  const [row] = await tx.select().from(paymentInstalments).where(eq(paymentInstalments.id, id)).for('update');
  return row ?? null;
}

/** The next retry after `attempt` failed charges (1 = the due-date charge), or null after the final one. */
export function nextRetryAfter(firstFailedAt: Date, attempt: number): Date | null {
  const days = INSTALMENT_RETRY_DAYS[attempt - 1];
  return days === undefined ? null : new Date(firstFailedAt.getTime() + days * DAY_MS);
}

/**
 * Records failed charge number `attempt`, once: only while fewer attempts are recorded (or the job's own claim of
 * this attempt is in flight). Schedules the next retry, or marks the instalment and its plan defaulted after the
 * final one, and emails the buyer the link to pay. False when it was already recorded.
 */
export async function recordFailure(
  tx: Queryable,
  input: {
    instalmentId: string;
    attempt: number;
    message: string;
    now: Date;
    publicUrl: string;
    claimed: boolean;
  },
): Promise<boolean> {
  const row = await lockInstalment(tx, input.instalmentId);
  if (!row) return false;
  const ours = input.claimed
    ? row.status === 'charging' && row.attempts === input.attempt
    : (row.status === 'scheduled' || row.status === 'failed') && row.attempts < input.attempt;
  if (!ours) return false;
  const firstFailedAt = row.firstFailedAt ?? input.now;
  const next = nextRetryAfter(firstFailedAt, input.attempt);
  await tx
    .update(paymentInstalments)
    .set({
      status: next ? 'failed' : 'defaulted',
      attempts: input.attempt,
      firstFailedAt,
      nextRetryAt: next,
      lastError: input.message.slice(0, 500),
      defaultedAt: next ? null : input.now,
    })
    .where(eq(paymentInstalments.id, row.id));
  if (!next) {
    await tx
      .update(payments)
      .set({ planDefaultedAt: input.now, updatedAt: input.now })
      .where(eq(payments.id, row.paymentId));
  }
  await sendInstalmentFailedEmail(tx, {
    instalment: { ...row, attempts: input.attempt, firstFailedAt },
    nextRetryAt: next,
    message: input.message,
    publicUrl: input.publicUrl,
  });
  return true;
}

/**
 * Marks the instalment paid, once (from any unpaid state), issues and emails its VAT invoice when the supplier is
 * VAT registered, and when nothing of the plan is overdue any more, opens the course again and lifts the default.
 * Returns the buyer to tell the learning caches, or null when it was already paid (or cancelled).
 */
export async function recordPaid(
  tx: Queryable,
  input: {
    instalmentId: string;
    now: Date;
    onlyAttempt?: number;
    invoicing: InstalmentInvoicing | null;
    /** The provider's charge that paid it through the plan, which a refund of the plan refunds against. */
    chargeRef?: string | null;
  },
): Promise<{ userId: string | null; reopened: boolean } | null> {
  const conditions = [
    eq(paymentInstalments.id, input.instalmentId),
    inArray(paymentInstalments.status, ['scheduled', 'charging', 'failed', 'defaulted']),
  ];
  if (input.onlyAttempt !== undefined) conditions.push(eq(paymentInstalments.attempts, input.onlyAttempt));
  const [paid] = await tx
    .update(paymentInstalments)
    .set({ status: 'paid', paidAt: input.now, nextRetryAt: null, providerChargeId: input.chargeRef ?? null })
    .where(and(...conditions))
    .returning();
  if (!paid) return null;
  await invoicePaidInstalment(tx, paid, input.invoicing, input.now);
  const [stillOverdue] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentInstalments)
    .where(
      and(eq(paymentInstalments.paymentId, paid.paymentId), inArray(paymentInstalments.status, OVERDUE)),
    );
  let reopened = false;
  if ((stillOverdue?.n ?? 0) === 0) {
    const lifted = await tx
      .update(payments)
      .set({ accessPausedAt: null, planDefaultedAt: null, updatedAt: input.now })
      .where(eq(payments.id, paid.paymentId))
      .returning({ paused: payments.accessPausedAt });
    reopened = lifted.length > 0;
  }
  const [payment] = await tx
    .select({ userId: payments.userId })
    .from(payments)
    .where(eq(payments.id, paid.paymentId));
  return { userId: payment?.userId ?? null, reopened };
}
