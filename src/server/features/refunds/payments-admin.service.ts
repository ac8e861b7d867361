import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courses, paymentInstalments, payments, refunds, teamOrders } from '#server/db/schema/index.ts';
import type {
  AdminPayment,
  AdminPaymentStatus,
  AdminPayments,
  PlanStanding,
} from '#shared/schemas/refunds.ts';

// The finance Payments view (docs/product.md#refunds-cancellations-and-credit-notes): every card payment with what
// went back, filtered by status and by calendar day.

const LIMIT = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function listPayments(
  db: Queryable,
  query: { status?: AdminPaymentStatus; from?: string; to?: string },
): Promise<AdminPayments> {
  const refunded = db
    .select({
      paymentId: refunds.paymentId,
      pence: sql<number>`sum(${refunds.amountPence})::int`.as('pence'),
    })
    .from(refunds)
    .where(eq(refunds.status, 'succeeded'))
    .groupBy(refunds.paymentId)
    .as('refunded');
  const conditions = [];
  if (query.from) conditions.push(gte(payments.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    conditions.push(lt(payments.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  const rows = await db
    .select({
      payment: payments,
      courseTitle: courses.title,
      teamOrderId: teamOrders.id,
      refundedPence: sql<number>`coalesce(${refunded.pence}, 0)::int`,
      overdue: sql<boolean>`exists (select 1 from ${paymentInstalments} where ${paymentInstalments.paymentId} = ${payments.id} and ${paymentInstalments.status} in ('failed', 'defaulted'))`,
      recovery: sql<boolean>`exists (select 1 from ${paymentInstalments} where ${paymentInstalments.recoveryPaymentId} = ${payments.id})`,
    })
    .from(payments)
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .leftJoin(teamOrders, eq(teamOrders.paymentId, payments.id))
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(payments.createdAt))
    .limit(LIMIT);
  const items: AdminPayment[] = rows
    .map(({ payment, courseTitle, teamOrderId, refundedPence, overdue, recovery }) => ({
      id: payment.id,
      kind: teamOrderId
        ? ('team' as const)
        : recovery
          ? ('instalment' as const)
          : payment.plan === 'monthly'
            ? ('monthly' as const)
            : ('course' as const),
      // Monthly plans only (the key is left out for other payments).
      ...(payment.plan === 'monthly' && !teamOrderId && !recovery
        ? { planStanding: standingOf(payment, overdue) }
        : {}),
      status: statusOf(payment.status, payment.amountPence, refundedPence),
      courseId: payment.courseId,
      courseTitle,
      buyerEmail: payment.email,
      amountPence: payment.amountPence,
      refundedPence,
      createdAt: payment.createdAt.toISOString(),
    }))
    .filter((item) => !query.status || item.status === query.status);
  const paid = items.filter((i) => i.status === 'succeeded' || i.status.endsWith('refunded'));
  const paidPence = paid.reduce((sum, i) => sum + i.amountPence, 0);
  const refundedPence = items.reduce((sum, i) => sum + i.refundedPence, 0);
  return { items, totals: { paidPence, refundedPence, netPence: paidPence - refundedPence } };
}

/** Defaulted after the final retry, paused after the grace period, else overdue while an instalment is unpaid. */
function standingOf(payment: typeof payments.$inferSelect, overdue: boolean): PlanStanding {
  if (payment.planDefaultedAt) return 'defaulted';
  if (payment.accessPausedAt) return 'paused';
  return overdue ? 'overdue' : 'on_schedule';
}

function statusOf(
  status: AdminPayment['status'],
  amountPence: number,
  refundedPence: number,
): AdminPaymentStatus {
  if (status !== 'succeeded' || refundedPence === 0) return status;
  return refundedPence >= amountPence ? 'refunded' : 'partially_refunded';
}
