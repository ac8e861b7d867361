import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { paymentInstalments, payments, refunds, teamOrders, teamSeats } from '#server/db/schema/index.ts';
import { paidThroughPlan } from './credit-notes.repo.ts';

// The refunds feature's SQL (docs/product.md#refunds-cancellations-and-credit-notes).

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** The payment, locked for the caller's transaction: refunds of one payment are decided one at a time. */
export async function lockPayment(tx: Queryable, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

/**
 * What the buyer has paid on the payment: the first charge and, on a monthly plan, the instalments paid since with
 * the plan's card (an overdue instalment the buyer paid with another card is that payment's, refunded on its own).
 */
export async function paidPence(tx: Queryable, payment: PaymentRow): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${paymentInstalments.amountPence}), 0)::int` })
    .from(paymentInstalments)
    .where(and(eq(paymentInstalments.paymentId, payment.id), paidThroughPlan));
  return payment.amountPence + (row?.n ?? 0);
}

/** Refunded or on its way back (pending and succeeded refunds; a failed one gave nothing back). */
export async function refundedPence(tx: Queryable, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return row?.n ?? 0;
}

/** The team order a payment paid for, with the root order whose seats it counts in, locked. */
export async function lockTeamOrderOf(tx: Queryable, paymentId: string) {
  const [order] = await tx.select().from(teamOrders).where(eq(teamOrders.paymentId, paymentId)).for('update');
  if (!order) return null;
  const rootId = order.parentOrderId ?? order.id;
  const [root] = await tx.select().from(teamOrders).where(eq(teamOrders.id, rootId)).for('update');
  const [assigned] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(teamSeats)
    .where(eq(teamSeats.teamOrderId, rootId));
  const capacity = root!.seats + root!.extraSeats;
  return { order, root: root!, unassigned: Math.max(0, capacity - (assigned?.n ?? 0)) };
}

/** Takes `seats` off the root order's capacity (extra_seats may go negative; capacity stays ≥ 0). */
export async function removeSeats(tx: Queryable, rootOrderId: string, seats: number): Promise<void> {
  if (seats <= 0) return;
  await tx
    .update(teamOrders)
    .set({ extraSeats: sql`${teamOrders.extraSeats} - ${seats}` })
    .where(eq(teamOrders.id, rootOrderId));
}

/** A failed refund gives its seats back to the order. */
export async function restoreSeats(tx: Queryable, paymentId: string, seats: number): Promise<void> {
  if (seats <= 0) return;
  const [order] = await tx.select().from(teamOrders).where(eq(teamOrders.paymentId, paymentId));
  if (!order) return;
  await tx
    .update(teamOrders)
    .set({ extraSeats: sql`${teamOrders.extraSeats} + ${seats}` })
    .where(eq(teamOrders.id, order.parentOrderId ?? order.id));
}

/** Monthly plan: the instalments not yet charged become cancelled; returns the provider's schedule references. */
export async function cancelScheduledInstalments(tx: Queryable, paymentId: string): Promise<string[]> {
  const rows = await tx
    .update(paymentInstalments)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(paymentInstalments.paymentId, paymentId),
        inArray(paymentInstalments.status, ['scheduled', 'failed']),
      ),
    )
    .returning({ reference: paymentInstalments.providerReference });
  return [...new Set(rows.map((r) => r.reference).filter((r): r is string => Boolean(r)))];
}

/**
 * Moves a pending refund to its outcome, once: null when it was no longer pending (a duplicate event). A refund
 * some of whose parts failed succeeds for what went back (`amountPence`).
 */
export async function settleRefundRow(
  tx: Queryable,
  refundId: string,
  outcome: 'succeeded' | 'failed',
  settled: { providerRefundId: string | null; amountPence?: number },
): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: outcome,
      providerRefundId: settled.providerRefundId,
      amountPence: settled.amountPence,
      succeededAt: outcome === 'succeeded' ? new Date() : null,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}
