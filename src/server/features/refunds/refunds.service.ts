import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { courses, enrolments, processedProviderEvents, refunds } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import type { PaymentProvider, ProviderRefund } from '#server/features/checkout/index.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { formatPrice } from '#shared/format.ts';
import type { RefundResponse } from '#shared/schemas/refunds.ts';
import { creditNoteRefsOf, issueCreditNotesFor } from './credit-notes.service.ts';
import { sendRefundEmail } from './refund-emails.presenter.ts';
import {
  cancelScheduledInstalments,
  lockPayment,
  lockTeamOrderOf,
  paidPence,
  type RefundRow,
  refundedPence,
  removeSeats,
  restoreSeats,
  settleRefundRow,
} from './refunds.repo.ts';

// Refunds through the payment provider, exactly once (docs/decisions/0019-refunds-exactly-once.md): one row per
// request (a unique request key), decided with the payment row locked, asked of the provider with the row's id as
// the idempotency key, and counted only when the provider's refund event confirms it (once per event and per refund).

export interface RefundDeps {
  db: Db;
  database: Database;
  provider: PaymentProvider;
  publicUrl: string;
  invoicing: AppConfig['invoicing'];
}

export const PAYMENT_NOT_FOUND = 'Payment not found';

export interface RefundInput {
  paymentId: string;
  /** Left out: everything not yet refunded. */
  amountPence?: number;
  reason: string;
  endAccess: boolean;
  source: 'staff' | 'cancellation';
  /** Staff refunds are audited; a buyer's cancellation is not a staff action. */
  actor: AuditActor | null;
  requestedBy: string;
  /** A client's Idempotency-Key header, when it sends one. */
  idempotencyKey?: string;
}

function requestKey(input: RefundInput): string {
  const parts = [
    input.paymentId,
    input.amountPence ?? 'rest',
    input.reason,
    input.endAccess,
    input.source,
    input.idempotencyKey ?? '',
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Records the refund (or finds the same request's), once; the caller then asks the provider. */
async function recordRefund(deps: RefundDeps, input: RefundInput) {
  return deps.db.transaction(async (tx) => {
    const payment = isUuid(input.paymentId) ? await lockPayment(tx, input.paymentId) : null;
    if (!payment) throw notFound(PAYMENT_NOT_FOUND, 'PAYMENT_NOT_FOUND');
    const key = requestKey(input);
    const [same] = await tx.select().from(refunds).where(eq(refunds.requestKey, key));
    if (same) return { refund: same, intentId: payment.providerIntentId, fresh: false };
    if (payment.status !== 'succeeded' || !payment.fulfilledAt || !payment.providerIntentId) {
      throw conflict('Only a payment that went through can be refunded.', 'PAYMENT_NOT_REFUNDABLE');
    }
    const remainingPence = (await paidPence(tx, payment)) - (await refundedPence(tx, payment.id));
    const amountPence = input.amountPence ?? remainingPence;
    if (remainingPence <= 0 || amountPence > remainingPence) {
      throw conflict(
        `Only ${formatPrice(Math.max(0, remainingPence), 'pence')} of this payment is left to refund.`,
        'REFUND_EXCEEDS_REMAINDER',
      );
    }
    // A team order refunds unassigned seats (docs/team-seats.md): as many whole seats as the amount covers.
    let seats = 0;
    const team = await lockTeamOrderOf(tx, payment.id);
    if (team) {
      const perSeat = team.order.amountPence / team.order.seats;
      if (amountPence > Math.round(team.unassigned * perSeat)) {
        throw conflict(
          `Only ${team.unassigned} seat(s) are unassigned: take seats back before refunding more.`,
          'SEATS_ASSIGNED',
        );
      }
      seats = Math.min(team.unassigned, Math.floor((amountPence + 0.5) / perSeat));
      await removeSeats(tx, team.root.id, seats);
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        requestKey: key,
        amountPence,
        reason: input.reason,
        endAccess: team ? false : input.endAccess,
        source: input.source,
        seats,
        requestedBy: input.requestedBy,
      })
      .returning();
    if (input.actor) {
      await recordAudit(tx, input.actor, {
        action: 'payment.refund',
        entityType: 'payment',
        entityId: payment.id,
        summary: `refund ${formatPrice(amountPence, 'pence')}${seats ? `, ${seats} seat(s)` : ''}${input.endAccess && !team ? ', access ends' : ''}: ${input.reason}`,
      });
    }
    return { refund: refund!, intentId: payment.providerIntentId, fresh: true };
  });
}

/**
 * Refunds (part of) a payment: 201 once recorded. The provider's confirmation (its webhook; the test provider's
 * answer at once) ends access, cancels a monthly plan's instalments, issues the credit note and emails the buyer.
 */
export async function requestRefund(deps: RefundDeps, input: RefundInput): Promise<RefundResponse> {
  const { refund, intentId, fresh } = await recordRefund(deps, input);
  if (fresh && intentId) {
    let asked: Awaited<ReturnType<PaymentProvider['createRefund']>>;
    try {
      asked = await deps.provider.createRefund({
        intentId,
        amountPence: refund.amountPence,
        metadata: { refundId: refund.id, paymentId: refund.paymentId },
        idempotencyKey: `refund-${refund.id}`,
      });
    } catch (error) {
      // Nothing went back: the refund is closed as failed and its seats return to the order.
      await deps.db.transaction(async (tx) => {
        const closed = await tx
          .update(refunds)
          .set({ status: 'failed' })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
          .returning();
        if (closed[0]) await restoreSeats(tx, refund.paymentId, closed[0].seats);
      });
      throw error;
    }
    await deps.db.update(refunds).set({ providerRefundId: asked.refund.id }).where(eq(refunds.id, refund.id));
    if (asked.event?.refund) await confirmRefundEvent(deps, asked.event.id, asked.event.refund);
  }
  return refundResponse(deps, refund.id);
}

async function refundResponse(deps: RefundDeps, refundId: string): Promise<RefundResponse> {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  const creditNotes = await creditNoteRefsOf(deps.db, row!.id);
  return {
    refundId: row!.id,
    status: row!.status,
    amountPence: row!.amountPence,
    creditNote: creditNotes[0] ?? null,
    creditNotes,
  };
}

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
  const done = await deps.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(processedProviderEvents)
      .values({ id: eventId, provider: deps.provider.name, type: 'refund' })
      .onConflictDoNothing()
      .returning({ id: processedProviderEvents.id });
    if (fresh.length === 0) return null;
    const refund = await settleRefundRow(tx, refundId, outcome, providerRefund.id);
    if (!refund) return null;
    if (outcome === 'failed') {
      await restoreSeats(tx, refund.paymentId, refund.seats);
      return { refund, references: [] as string[], userId: null };
    }
    return applyRefund(deps, tx, refund);
  });
  if (!done) return 'duplicate';
  for (const reference of done.references) await deps.provider.cancelInstalments(reference);
  if (done.userId) await learnerChanged(deps.database, done.userId);
  return 'processed';
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
