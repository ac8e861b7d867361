import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { refunds } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { conflict, HttpError, notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { formatPrice } from '#shared/format.ts';
import type { RefundResponse } from '#shared/schemas/refunds.ts';
import { creditNoteRefsOf } from './credit-notes.service.ts';
import {
  partsOf,
  type RefundPartRow,
  recordProviderRefund,
  splitRefund,
  unaskedParts,
} from './refund-parts.repo.ts';
import { confirmRefundEvent, failPart, type RefundDeps } from './refund-settlement.service.ts';
import {
  lockPayment,
  lockTeamOrderOf,
  paidPence,
  type RefundRow,
  refundedPence,
  removeSeats,
} from './refunds.repo.ts';

// Refunds through the payment provider, exactly once (docs/decisions/0019-refunds-exactly-once.md): one row per
// request (a unique request key), decided with the payment row locked and split into one part per charge it gives
// money back on (docs/decisions/0023-plan-refund-credit-notes.md), each asked of the provider with its own
// idempotency key, and counted only when the provider's events confirm every part (once per event and per part).

export type { RefundDeps };

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
    if (same) return { refund: same, fresh: false };
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
    await splitRefund(tx, payment, refund!);
    if (input.actor) {
      await recordAudit(tx, input.actor, {
        action: 'payment.refund',
        entityType: 'payment',
        entityId: payment.id,
        summary: `refund ${formatPrice(amountPence, 'pence')}${seats ? `, ${seats} seat(s)` : ''}${input.endAccess && !team ? ', access ends' : ''}: ${input.reason}`,
      });
    }
    return { refund: refund!, fresh: true };
  });
}

/**
 * Refunds (part of) a payment: 201 once recorded. The provider's confirmation (its webhooks; the test provider's
 * answers at once) ends access, cancels a monthly plan's instalments, issues the credit notes and emails the buyer.
 */
export async function requestRefund(deps: RefundDeps, input: RefundInput): Promise<RefundResponse> {
  const { refund, fresh } = await recordRefund(deps, input);
  if (fresh) await askProvider(deps, refund);
  return refundResponse(deps, refund.id);
}

/**
 * One provider refund per part (per charge), each with its own idempotency key, so a retry never makes a second.
 * A part the provider refuses gave nothing back; when none could be asked for, the refund failed and the caller
 * hears why. A provider that could not be reached may still have made the refund, so that part stays pending and
 * unsent, and the refund resender asks again with the same key (refund-resend.worker.ts).
 */
async function askProvider(deps: RefundDeps, refund: RefundRow, parts?: RefundPartRow[]): Promise<void> {
  let asked = 0;
  let unreachable = 0;
  let refused: unknown = null;
  for (const part of parts ?? (await partsOf(deps.db, refund.id))) {
    try {
      const answer = await deps.provider.createRefund({
        chargeRef: part.chargeRef,
        amountPence: part.amountPence,
        metadata: { refundId: refund.id, refundPartId: part.id, paymentId: refund.paymentId },
        idempotencyKey: `refund-${refund.id}-${part.chargeRef}`,
      });
      asked += 1;
      await recordProviderRefund(deps.db, part.id, answer.refund.id);
      if (answer.event?.refund) await confirmRefundEvent(deps, answer.event.id, answer.event.refund);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'PROVIDER_UNAVAILABLE') {
        unreachable += 1;
        continue;
      }
      refused ??= error;
      await failPart(deps, refund.id, part.id);
    }
  }
  if (refused && asked === 0 && unreachable === 0) throw refused;
}

/**
 * Asks the provider for the parts it was never asked for (the process stopped between recording a refund and
 * asking), with the same idempotency keys, so a part the provider did take is not taken twice. Parts recorded in
 * the last `graceMs` are left to the request still asking for them. Returns how many parts were asked again.
 */
export async function askUnaskedParts(
  deps: RefundDeps,
  now = new Date(),
  graceMs = 2 * 60_000,
): Promise<number> {
  const rows = await unaskedParts(deps.db, new Date(now.getTime() - graceMs));
  const byRefund = new Map<string, { refund: RefundRow; parts: RefundPartRow[] }>();
  for (const { refund, part } of rows) {
    const entry = byRefund.get(refund.id) ?? { refund, parts: [] };
    entry.parts.push(part);
    byRefund.set(refund.id, entry);
  }
  let unexpected: unknown = null;
  for (const { refund, parts } of byRefund.values()) {
    try {
      await askProvider(deps, refund, parts);
    } catch (error) {
      // A provider's refusal has failed its part (askProvider); anything else is reported once the others went out.
      if (!(error instanceof HttpError)) unexpected ??= error;
    }
  }
  if (unexpected) throw unexpected;
  return rows.length;
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
