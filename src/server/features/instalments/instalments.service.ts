import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import { paymentInstalments, payments } from '#server/db/schema/index.ts';
import type { PaymentProvider } from '#server/features/checkout/index.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { sendAccessPausedEmail } from './instalment-emails.presenter.ts';
import {
  DAY_MS,
  type InstalmentRow,
  lockInstalment,
  OVERDUE,
  recordFailure,
  recordPaid,
} from './instalments.repo.ts';

// The instalment job (docs/product.md#failed-instalments): charges instalments on their due date (the built-in
// test provider; Stripe charges them itself), retries a failed one on days 3, 7 and 14 after the first failure,
// marks the plan defaulted after the final retry, and pauses the course once an instalment has been overdue for
// INSTALMENT_GRACE_DAYS. Every step is conditional on the row as it was seen, so two processes do each thing once.
// `now` is the clock: tests walk the schedule by passing later times.

export interface InstalmentDeps {
  db: Db;
  database: Database;
  provider: PaymentProvider;
  publicUrl: string;
  graceDays: number;
  log: FastifyBaseLogger;
  /** The supplier: with a VAT number, each paid instalment gets its VAT invoice. */
  invoicing: AppConfig['invoicing'];
}

/** How long one charge may take before another run may try that attempt's row again. */
export const CHARGE_LEASE_MS = 60 * 60 * 1000;
export const INSTALMENT_BATCH = 100;

export interface InstalmentRunReport {
  charged: number;
  failed: number;
  defaulted: number;
  paused: number;
}

export async function runInstalments(deps: InstalmentDeps, now = new Date()): Promise<InstalmentRunReport> {
  const report: InstalmentRunReport = { charged: 0, failed: 0, defaulted: 0, paused: 0 };
  const due = await deps.db
    .select({ instalment: paymentInstalments, planIntentId: payments.providerIntentId })
    .from(paymentInstalments)
    .innerJoin(payments, eq(payments.id, paymentInstalments.paymentId))
    .where(
      and(
        eq(payments.provider, deps.provider.name),
        eq(payments.status, 'succeeded'),
        or(
          and(eq(paymentInstalments.status, 'scheduled'), lte(paymentInstalments.dueAt, now)),
          and(
            inArray(paymentInstalments.status, ['failed', 'charging']),
            lte(paymentInstalments.nextRetryAt, now),
          ),
        ),
      ),
    )
    .orderBy(asc(paymentInstalments.dueAt))
    .limit(INSTALMENT_BATCH);
  for (const { instalment, planIntentId } of due) {
    if (!planIntentId) continue;
    try {
      const outcome = await chargeOnce(deps, instalment, planIntentId, now);
      if (outcome === 'paid') report.charged++;
      if (outcome === 'failed') report.failed++;
      if (outcome === 'defaulted') report.defaulted++;
    } catch (error) {
      // The claim's lease runs out and a later run tries again.
      deps.log.error({ err: error, instalmentId: instalment.id }, 'could not charge an instalment');
    }
  }
  report.paused = await pauseAfterGrace(deps, now);
  return report;
}

/** True while the buyer's own payment of the overdue amount is open: the automatic retry waits for it. */
async function buyerIsPaying(deps: InstalmentDeps, row: InstalmentRow): Promise<boolean> {
  if (!row.recoveryPaymentId) return false;
  const [recovery] = await deps.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, row.recoveryPaymentId));
  return Boolean(recovery && recovery.status !== 'canceled');
}

/** Claims the next attempt, charges it with an idempotency key per attempt, and records the outcome once. */
async function chargeOnce(
  deps: InstalmentDeps,
  seen: InstalmentRow,
  planIntentId: string,
  now: Date,
): Promise<'paid' | 'failed' | 'defaulted' | 'skipped'> {
  if (await buyerIsPaying(deps, seen)) return 'skipped';
  const attempt = seen.attempts + 1;
  const claimed = await deps.db.transaction(async (tx) => {
    const row = await lockInstalment(tx, seen.id);
    if (!row || row.status !== seen.status || row.attempts !== seen.attempts) return null;
    if (row.status === 'charging' && row.nextRetryAt && row.nextRetryAt > now) return null;
    await tx
      .update(paymentInstalments)
      .set({ status: 'charging', attempts: attempt, nextRetryAt: new Date(now.getTime() + CHARGE_LEASE_MS) })
      .where(eq(paymentInstalments.id, row.id));
    return row;
  });
  if (!claimed) return 'skipped';
  const charge = await deps.provider.chargeInstalment({
    planIntentId,
    instalmentId: claimed.id,
    amountPence: claimed.amountPence,
    providerInvoiceId: claimed.providerInvoiceId,
    idempotencyKey: `instalment-${claimed.id}-attempt-${attempt}`,
  });
  if (charge.status === 'not_due') {
    // The provider charges this one itself (Stripe, before its invoice exists): put the row back as it was.
    await deps.db
      .update(paymentInstalments)
      .set({ status: claimed.status, attempts: claimed.attempts, nextRetryAt: claimed.nextRetryAt })
      .where(and(eq(paymentInstalments.id, claimed.id), eq(paymentInstalments.attempts, attempt)));
    return 'skipped';
  }
  if (charge.status === 'succeeded') {
    const paid = await deps.db.transaction((tx) =>
      recordPaid(tx, {
        instalmentId: claimed.id,
        now,
        onlyAttempt: attempt,
        chargeRef: charge.reference,
        invoicing: { invoicing: deps.invoicing, publicUrl: deps.publicUrl },
      }),
    );
    if (paid?.reopened && paid.userId) await learnerChanged(deps.database, paid.userId);
    return 'paid';
  }
  const recorded = await deps.db.transaction((tx) =>
    recordFailure(tx, {
      instalmentId: claimed.id,
      attempt,
      message: charge.message,
      now,
      publicUrl: deps.publicUrl,
      claimed: true,
    }),
  );
  if (!recorded) return 'skipped';
  const [after] = await deps.db
    .select({ status: paymentInstalments.status })
    .from(paymentInstalments)
    .where(eq(paymentInstalments.id, claimed.id));
  return after?.status === 'defaulted' ? 'defaulted' : 'failed';
}

/** Plans with an instalment overdue for the grace period: the course pauses (once) and the buyer is told. */
async function pauseAfterGrace(deps: InstalmentDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.graceDays * DAY_MS);
  const overdue = await deps.db
    .select({
      paymentId: paymentInstalments.paymentId,
      instalmentId: sql<string>`(array_agg(${paymentInstalments.id} order by ${paymentInstalments.sequence}))[1]`,
      amountPence: sql<number>`sum(${paymentInstalments.amountPence})::int`,
    })
    .from(paymentInstalments)
    .innerJoin(payments, eq(payments.id, paymentInstalments.paymentId))
    .where(
      and(
        eq(payments.provider, deps.provider.name),
        isNull(payments.accessPausedAt),
        inArray(paymentInstalments.status, OVERDUE),
        lte(paymentInstalments.firstFailedAt, cutoff),
      ),
    )
    .groupBy(paymentInstalments.paymentId)
    .limit(INSTALMENT_BATCH);
  let paused = 0;
  for (const plan of overdue) {
    const userId = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ accessPausedAt: now, updatedAt: now })
        .where(and(eq(payments.id, plan.paymentId), isNull(payments.accessPausedAt)))
        .returning({ userId: payments.userId });
      if (!row) return undefined;
      await sendAccessPausedEmail(tx, { ...plan, publicUrl: deps.publicUrl });
      return row.userId;
    });
    if (userId === undefined) continue;
    paused++;
    if (userId) await learnerChanged(deps.database, userId);
  }
  return paused;
}
