import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { paymentInstalments, refundParts, refunds } from '#server/db/schema/index.ts';
import { conflict } from '#server/lib/http.error.ts';
import { paidThroughPlan } from './credit-notes.repo.ts';
import type { PaymentRow, RefundRow } from './refunds.repo.ts';

// A refund's parts, one provider refund per charge it gives money back on (docs/decisions/0023-plan-refund-credit-notes.md).

export type RefundPartRow = typeof refundParts.$inferSelect;

interface Charge {
  chargeRef: string;
  instalmentId: string | null;
  amountPence: number;
}

/**
 * The charges the buyer paid the payment with, newest first (as its invoices are credited): a monthly plan's later
 * instalments paid through the plan, latest first, then the first payment.
 */
async function chargesNewestFirst(tx: Queryable, payment: PaymentRow): Promise<Charge[]> {
  const later = await tx
    .select()
    .from(paymentInstalments)
    .where(and(eq(paymentInstalments.paymentId, payment.id), paidThroughPlan))
    .orderBy(desc(paymentInstalments.sequence));
  return [
    ...later.map((i) => ({
      // Paid before charges were recorded: Stripe's invoice, else a name of our own the built-in provider accepts.
      chargeRef: i.providerChargeId ?? i.providerInvoiceId ?? `instalment-${i.id}`,
      instalmentId: i.id,
      amountPence: i.amountPence,
    })),
    { chargeRef: payment.providerIntentId!, instalmentId: null, amountPence: payment.amountPence },
  ];
}

/**
 * Splits a refund just recorded over the payment's charges, newest first, never more than is left of a charge
 * (what earlier refunds' parts that did not fail took); the caller holds the payment row's lock.
 */
export async function splitRefund(tx: Queryable, payment: PaymentRow, refund: RefundRow): Promise<void> {
  const taken = await tx
    .select({ chargeRef: refundParts.chargeRef, n: sql<number>`sum(${refundParts.amountPence})::int` })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .where(and(eq(refunds.paymentId, payment.id), ne(refundParts.status, 'failed')))
    .groupBy(refundParts.chargeRef);
  const takenOf = new Map(taken.map((row) => [row.chargeRef, row.n]));
  let left = refund.amountPence;
  const parts: (typeof refundParts.$inferInsert)[] = [];
  for (const charge of await chargesNewestFirst(tx, payment)) {
    const room = Math.max(0, charge.amountPence - (takenOf.get(charge.chargeRef) ?? 0));
    const amountPence = Math.min(room, left);
    if (amountPence <= 0) continue;
    parts.push({
      refundId: refund.id,
      chargeRef: charge.chargeRef,
      instalmentId: charge.instalmentId,
      amountPence,
    });
    left -= amountPence;
    if (left === 0) break;
  }
  if (left > 0) {
    throw conflict('The payment has no charge left to refund this from.', 'REFUND_EXCEEDS_REMAINDER');
  }
  await tx.insert(refundParts).values(parts);
}

/** The refund's parts, newest charge first (the first payment's last). */
export async function partsOf(tx: Queryable, refundId: string): Promise<RefundPartRow[]> {
  const rows = await tx
    .select({ part: refundParts })
    .from(refundParts)
    .leftJoin(paymentInstalments, eq(paymentInstalments.id, refundParts.instalmentId))
    .where(eq(refundParts.refundId, refundId))
    .orderBy(sql`${paymentInstalments.sequence} desc nulls last`);
  return rows.map((row) => row.part);
}

/** The refund row, locked: its parts' events settle one at a time, so the last one sees all the others. */
export async function lockRefund(tx: Queryable, refundId: string): Promise<RefundRow | null> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  return row ?? null;
}

/**
 * Moves a pending part to its outcome, once: null when it was no longer pending (a duplicate event). A part is named
 * by its id (the provider refund's metadata), or for a refund asked before parts existed, by the provider refund.
 */
export async function settlePart(
  tx: Queryable,
  refundId: string,
  match: { partId: string | null; providerRefundId: string | null },
  outcome: 'succeeded' | 'failed',
): Promise<RefundPartRow | null> {
  if (!match.partId && !match.providerRefundId) return null;
  const [row] = await tx
    .update(refundParts)
    .set({ status: outcome, providerRefundId: match.providerRefundId ?? undefined, settledAt: new Date() })
    .where(
      and(
        eq(refundParts.refundId, refundId),
        match.partId
          ? eq(refundParts.id, match.partId)
          : eq(refundParts.providerRefundId, match.providerRefundId!),
        eq(refundParts.status, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

/** The provider's refund, kept on its part when the provider answers (unless its event got there first). */
export async function recordProviderRefund(tx: Queryable, partId: string, providerRefundId: string) {
  await tx
    .update(refundParts)
    .set({ providerRefundId })
    .where(and(eq(refundParts.id, partId), isNull(refundParts.providerRefundId)));
}

/**
 * Parts of refunds recorded before `before` that the provider was never asked for (no provider refund, still
 * pending): the process stopped between recording a refund and asking. Oldest refund first.
 */
export async function unaskedParts(
  tx: Queryable,
  before: Date,
): Promise<{ refund: RefundRow; part: RefundPartRow }[]> {
  return tx
    .select({ refund: refunds, part: refundParts })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .where(
      and(
        eq(refundParts.status, 'pending'),
        isNull(refundParts.providerRefundId),
        lt(refunds.createdAt, before),
      ),
    )
    .orderBy(refunds.createdAt)
    .limit(100);
}
