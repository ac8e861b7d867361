import { and, asc, count, eq, exists, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { courses, paymentInstalments, payments } from '#server/db/schema/index.ts';
import { type CheckoutDeps, settleIntent } from './checkout.service.ts';
import { scheduleRemainingInstalments } from './instalment-schedule.service.ts';

// The safety net behind the success page and the webhook. A buyer who pays and then loses the page (a closed tab
// during 3-D Secure, a dead phone battery) while the webhook is missing or delayed would otherwise be "paid but
// not enrolled". Every few minutes each process asks the provider about payments that are still open:
// - paid → provisioned now, exactly once (settleIntent is the same idempotent path the success page uses);
// - still unpaid after ABANDON_AFTER_MS → cancelled at the provider (so it can no longer be paid) and the buyer's
//   details are removed from our row; if the provider says it was paid meanwhile, it is provisioned instead;
// - otherwise left open and looked at again after RECHECK_AFTER_MS.
// Monthly plans whose instalment schedule could not be created at payment time are retried for a week.

export const RECHECK_AFTER_MS = 10 * 60 * 1000;
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
export const SCHEDULE_RETRY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const RECONCILE_BATCH = 50;
export const ABANDONED_MESSAGE = 'Not paid within 24 hours: the payment was cancelled.';

const OPEN_INTENT = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export interface ReconcileResult {
  checked: number;
  provisioned: number;
  abandoned: number;
  schedulesCreated: number;
}

export async function reconcilePayments(deps: CheckoutDeps, now = new Date()): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, provisioned: 0, abandoned: 0, schedulesCreated: 0 };
  const open = await deps.db
    .select({ id: payments.id, intentId: payments.providerIntentId, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.provider, deps.provider.name),
        isNull(payments.fulfilledAt),
        ne(payments.status, 'canceled'),
        lt(payments.updatedAt, new Date(now.getTime() - RECHECK_AFTER_MS)),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(RECONCILE_BATCH);

  for (const payment of open) {
    result.checked++;
    try {
      if (!payment.intentId) {
        // Our row was written but no intent was ever stored (the provider failed, or the process stopped in
        // between): nobody holds a client secret for it, so it can never be paid. Close it.
        await closeAbandoned(deps, payment.id);
        result.abandoned++;
        continue;
      }
      let intent = await deps.provider.retrieveIntent(payment.intentId);
      const abandoned = now.getTime() - payment.createdAt.getTime() > ABANDON_AFTER_MS;
      if (intent && abandoned && OPEN_INTENT.has(intent.status)) {
        intent = await deps.provider.cancelIntent(payment.intentId);
      }
      if (intent?.status === 'succeeded') {
        const settled = await settleIntent(deps, intent);
        if (settled?.provisioned) result.provisioned++;
        continue;
      }
      if (!intent || intent.status === 'canceled') {
        await closeAbandoned(deps, payment.id);
        result.abandoned++;
        continue;
      }
      // Still open (or processing): record what the provider says, and look again later.
      await settleIntent(deps, intent);
      await deps.db.update(payments).set({ updatedAt: now }).where(eq(payments.id, payment.id));
    } catch (error) {
      deps.log.error({ err: error, intentId: payment.intentId }, 'could not reconcile a payment');
    }
  }

  result.schedulesCreated = await retryInstalmentSchedules(deps, now);
  return result;
}

/**
 * Cancelled, and the buyer's details gone: we keep no personal data for a purchase that never happened. What the
 * payment was for (a team order) is released by its feature's settlement, so it no longer shows as waiting for payment.
 */
async function closeAbandoned(deps: CheckoutDeps, paymentId: string) {
  await deps.db.transaction(async (tx) => {
    const closed = await tx
      .update(payments)
      .set({
        status: 'canceled',
        failureMessage: ABANDONED_MESSAGE,
        email: '',
        studentData: {},
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, paymentId), isNull(payments.fulfilledAt)))
      .returning({ id: payments.id });
    if (closed.length) for (const settlement of deps.settlements) await settlement.abandon(tx, paymentId);
  });
}

async function retryInstalmentSchedules(deps: CheckoutDeps, now: Date): Promise<number> {
  if (deps.provider.name !== 'stripe') return 0; // the test provider's instalment rows are the schedule
  const unscheduled = and(
    eq(paymentInstalments.paymentId, payments.id),
    isNull(paymentInstalments.providerReference),
  );
  const due = await deps.db
    .select({
      paymentId: payments.id,
      intentId: payments.providerIntentId,
      amountPence: payments.amountPence,
      courseTitle: courses.title,
      remaining: sql<number>`(SELECT ${count()} FROM ${paymentInstalments} WHERE ${paymentInstalments.paymentId} = ${payments.id})::int`,
    })
    .from(payments)
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(
      and(
        eq(payments.provider, 'stripe'),
        eq(payments.plan, 'monthly'),
        eq(payments.status, 'succeeded'),
        gt(payments.fulfilledAt, new Date(now.getTime() - SCHEDULE_RETRY_WINDOW_MS)),
        lt(payments.fulfilledAt, new Date(now.getTime() - RECHECK_AFTER_MS)),
        exists(deps.db.select({ one: sql`1` }).from(paymentInstalments).where(unscheduled)),
      ),
    )
    .orderBy(asc(payments.fulfilledAt))
    .limit(RECONCILE_BATCH);

  let created = 0;
  for (const plan of due) {
    if (!plan.intentId) continue;
    const intent = await deps.provider.retrieveIntent(plan.intentId).catch(() => null);
    if (!intent) continue;
    if (await scheduleRemainingInstalments(deps, intent, { ...plan, remaining: Number(plan.remaining) }))
      created++;
  }
  return created;
}
