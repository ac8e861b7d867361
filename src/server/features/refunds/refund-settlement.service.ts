import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { courses, enrolments, processedProviderEvents } from '#server/db/schema/index.ts';
import type { PaymentProvider, ProviderRefund } from '#server/features/checkout/index.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { issueCreditNotesFor } from './credit-notes.service.ts';
import { sendRefundEmail } from './refund-emails.presenter.ts';
import { lockRefund, partsOf, settlePart } from './refund-parts.repo.ts';
import {
  cancelScheduledInstalments,
  lockPayment,
  type RefundRow,
  restoreSeats,
  settleRefundRow,
} from './refunds.repo.ts';

// A refund is settled by its parts' provider events (docs/decisions/0019-refunds-exactly-once.md,
// docs/decisions/0023-plan-refund-credit-notes.md): each part once, the refund once all of them are.

export interface RefundDeps {
  db: Db;
  database: Database;
  provider: PaymentProvider;
  publicUrl: string;
  invoicing: AppConfig['invoicing'];
}

type Settled = { refund: RefundRow; references: string[]; userId: string | null } | 'waiting' | null;

/**
 * The provider's refund event (Stripe's webhook, or the test provider's answer): a succeeded refund takes effect
 * exactly once, a failed one gives its seats back. A redelivered event, or a second event for the same refund,
 * changes nothing.
 */
export async function confirmRefundEvent(
  deps: RefundDeps,
  eventId: string,
  providerRefund: ProviderRefund,
): Promise<'processed' | 'duplicate' | 'ignored'> {
  const outcome =
    providerRefund.status === 'succeeded'
      ? 'succeeded'
      : providerRefund.status === 'failed' || providerRefund.status === 'canceled'
        ? 'failed'
        : null;
  if (!outcome) return 'ignored';
  const refundId = providerRefund.metadata.refundId;
  if (!refundId || !isUuid(refundId)) return 'ignored';
  const partId = providerRefund.metadata.refundPartId;
  const done = await deps.db.transaction(async (tx): Promise<Settled> => {
    const fresh = await tx
      .insert(processedProviderEvents)
      .values({ id: eventId, provider: deps.provider.name, type: 'refund' })
      .onConflictDoNothing()
      .returning({ id: processedProviderEvents.id });
    if (fresh.length === 0) return null;
    if (!(await lockRefund(tx, refundId))) return null;
    const match = { partId: partId && isUuid(partId) ? partId : null, providerRefundId: providerRefund.id };
    if (!(await settlePart(tx, refundId, match, outcome))) return null;
    return settleRefund(deps, tx, refundId);
  });
  if (!done) return 'duplicate';
  await afterSettled(deps, done);
  return 'processed';
}

/** Outside the transaction: stop the provider's schedule and tell the learning caches. */
async function afterSettled(deps: RefundDeps, done: Settled): Promise<void> {
  if (!done || done === 'waiting') return;
  for (const reference of done.references) await deps.provider.cancelInstalments(reference);
  if (done.userId) await learnerChanged(deps.database, done.userId);
}

/** A part the provider refused when asked: nothing went back on it; the refund settles if it was the last. */
export async function failPart(deps: RefundDeps, refundId: string, partId: string): Promise<void> {
  const done = await deps.db.transaction(async (tx): Promise<Settled> => {
    if (!(await lockRefund(tx, refundId))) return null;
    if (!(await settlePart(tx, refundId, { partId, providerRefundId: null }, 'failed'))) return null;
    return settleRefund(deps, tx, refundId);
  });
  await afterSettled(deps, done);
}

/**
 * Once every part has settled (the caller holds the refund row's lock): all succeeded, the refund succeeded; none,
 * it failed and gives its seats back; some, it succeeded for what went back, and the rest is free to refund again.
 */
export async function settleRefund(deps: RefundDeps, tx: Queryable, refundId: string): Promise<Settled> {
  const parts = await partsOf(tx, refundId);
  if (parts.some((part) => part.status === 'pending')) return 'waiting';
  const back = parts.filter((part) => part.status === 'succeeded');
  const providerRefundIds = back.map((part) => part.providerRefundId).join(' ') || null;
  const backPence = back.reduce((sum, part) => sum + part.amountPence, 0);
  const refund = await settleRefundRow(tx, refundId, backPence > 0 ? 'succeeded' : 'failed', {
    providerRefundId: providerRefundIds,
    amountPence: backPence > 0 ? backPence : undefined,
  });
  if (!refund) return null;
  if (refund.status === 'failed') {
    await restoreSeats(tx, refund.paymentId, refund.seats);
    return { refund, references: [], userId: null };
  }
  return applyRefund(deps, tx, refund);
}

/** A confirmed refund's effects, inside the confirming transaction. */
async function applyRefund(deps: RefundDeps, tx: Queryable, refund: RefundRow) {
  const payment = (await lockPayment(tx, refund.paymentId))!;
  const [course] = await tx
    .select({ title: courses.title })
    .from(courses)
    .where(eq(courses.id, payment.courseId));
  let references: string[] = [];
  let userId: string | null = null;
  if (refund.endAccess && payment.userId) {
    await tx
      .delete(enrolments)
      .where(and(eq(enrolments.userId, payment.userId), eq(enrolments.courseId, payment.courseId)));
    references = await cancelScheduledInstalments(tx, payment.id);
    userId = payment.userId;
  }
  const creditNotes = await issueCreditNotesFor(tx, refund);
  if (payment.email) {
    await sendRefundEmail(tx, {
      to: payment.email,
      refund,
      courseTitle: course?.title ?? '',
      paymentId: payment.id,
      accessEnded: Boolean(userId),
      creditNotes,
      supplier: deps.invoicing,
    });
  }
  return { refund, references, userId };
}
