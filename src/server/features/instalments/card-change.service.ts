import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { cardChanges, paymentInstalments, payments, teamOrders } from '#server/db/schema/index.ts';
import type {
  CardChangeEventHandler,
  PaymentProvider,
  ProviderSetup,
} from '#server/features/checkout/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import type { CardChange, CardChanged } from '#shared/schemas/instalments.ts';

// Changing a monthly plan's card at any time (README 'Failed instalments'): a setup with the provider (Stripe's
// SetupIntent, or the test provider's), confirmed in the browser with the same card form as checkout, then applied
// once by whichever comes first, the browser's complete call or Stripe's setup_intent.succeeded webhook. Our row is
// written before the provider's setup (docs/decisions/0015-payment-row-first.md); one pending change per plan (a
// partial unique index), so presses in many tabs share one; applying is one conditional update (pending →
// succeeded) in the transaction that sets the plan's card on file. Later instalments and retries charge that card.

export const PLAN_NOT_FOUND = 'Plan not found';
/** Instalments still to be charged: the plan is active while one is left. */
const UNPAID = ['scheduled', 'charging', 'failed', 'defaulted'] as const;

export interface CardChangeDeps {
  db: Db;
  provider: PaymentProvider;
}

type PlanRow = typeof payments.$inferSelect;

/** The caller's own monthly plan with instalments left to charge: else 404 (not theirs) or 409 (ended). */
async function activePlan(db: Queryable, userId: string, paymentId: string): Promise<PlanRow> {
  const [row] = isUuid(paymentId)
    ? await db
        .select({ payment: payments, team: teamOrders.id })
        .from(payments)
        .leftJoin(teamOrders, eq(teamOrders.paymentId, payments.id))
        .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.plan, 'monthly')))
    : [];
  if (!row || row.team || row.payment.status !== 'succeeded')
    throw notFound(PLAN_NOT_FOUND, 'PLAN_NOT_FOUND');
  const instalments = await db
    .select({ status: paymentInstalments.status })
    .from(paymentInstalments)
    .where(eq(paymentInstalments.paymentId, paymentId));
  if (instalments.length === 0) throw notFound(PLAN_NOT_FOUND, 'PLAN_NOT_FOUND');
  if (!instalments.some((i) => (UNPAID as readonly string[]).includes(i.status))) {
    const cancelled = instalments.some((i) => i.status === 'canceled');
    throw conflict(
      cancelled
        ? 'This plan was cancelled, so no more payments will be taken and there is no card to change.'
        : 'This plan is paid in full, so no more payments will be taken and there is no card to change.',
      'PLAN_NOT_ACTIVE',
    );
  }
  return row.payment;
}

/** True for a plan whose card can be changed: instalments are left to charge (Billing shows the button). */
export function cardChangeable(statuses: readonly string[]): boolean {
  return statuses.some((s) => (UNPAID as readonly string[]).includes(s));
}

function present(changeId: string, setup: ProviderSetup): CardChange {
  return { cardChangeId: changeId, setupId: setup.id, clientSecret: setup.clientSecret ?? '' };
}

/**
 * POST /api/account/plans/:paymentId/card-change: the setup for the card form, the same one however often (and in
 * however many tabs) it is asked for until it is used. A setup confirmed but never applied is applied first.
 */
export async function startCardChange(
  deps: CardChangeDeps,
  caller: Principal,
  paymentId: string,
): Promise<CardChange> {
  const plan = await activePlan(deps.db, caller.id, paymentId);
  for (let round = 0; round < 2; round++) {
    const [created] = await deps.db
      .insert(cardChanges)
      .values({ paymentId: plan.id, userId: caller.id, provider: deps.provider.name })
      .onConflictDoNothing()
      .returning();
    const change =
      created ??
      (
        await deps.db
          .select()
          .from(cardChanges)
          .where(and(eq(cardChanges.paymentId, plan.id), eq(cardChanges.status, 'pending')))
      )[0];
    if (!change) continue; // applied a moment ago by another press: make a new one
    let setup = change.providerSetupId ? await deps.provider.retrieveSetup(change.providerSetupId) : null;
    if (!setup) {
      // The same key gives the same setup, so presses creating it at once get one.
      setup = await deps.provider.createSetup({
        planIntentId: plan.providerIntentId ?? '',
        metadata: { paymentId: plan.id, cardChangeId: change.id, purpose: 'card_change' },
        idempotencyKey: `card-change-${change.id}`,
      });
      await deps.db
        .update(cardChanges)
        .set({ providerSetupId: setup.id })
        .where(and(eq(cardChanges.id, change.id), eq(cardChanges.status, 'pending')));
    }
    if (setup.status !== 'succeeded') return present(change.id, setup);
    await applyCardChange(deps, setup.id);
  }
  throw conflict('Your card is being changed. Please try again in a moment.', 'CARD_CHANGE_IN_PROGRESS');
}

/**
 * Makes a confirmed setup's card the plan's card, once: the provider is told first (setting the same card twice
 * changes nothing), then one conditional update marks the change applied and sets the card on file.
 */
export async function applyCardChange(
  deps: CardChangeDeps,
  setupId: string,
): Promise<'applied' | 'already' | 'not_confirmed' | 'unknown'> {
  const [row] = await deps.db
    .select({ change: cardChanges, planIntentId: payments.providerIntentId })
    .from(cardChanges)
    .innerJoin(payments, eq(payments.id, cardChanges.paymentId))
    .where(and(eq(cardChanges.providerSetupId, setupId), eq(cardChanges.provider, deps.provider.name)));
  if (!row) return 'unknown';
  if (row.change.status !== 'pending') return 'already';
  const setup = await deps.provider.retrieveSetup(setupId);
  if (setup?.status !== 'succeeded') return 'not_confirmed';
  const scheduled = await scheduleReferenceOf(deps, row.change.paymentId);
  await deps.provider.chargeLaterTo({ setup, scheduleReference: scheduled });
  const card = {
    ...(setup.card ?? row.change.card ?? { last4: '' }),
    ...(setup.paymentMethodId ? { paymentMethodId: setup.paymentMethodId } : {}),
  };
  const outcome = await deps.db.transaction(async (tx) => {
    const [applied] = await tx
      .update(cardChanges)
      .set({ status: 'succeeded', card, completedAt: new Date() })
      .where(and(eq(cardChanges.id, row.change.id), eq(cardChanges.status, 'pending')))
      .returning({ paymentId: cardChanges.paymentId });
    if (!applied) return 'already' as const;
    await tx
      .update(payments)
      .set({ cardOnFile: card, updatedAt: new Date() })
      .where(eq(payments.id, applied.paymentId));
    return 'applied' as const;
  });
  // A schedule made while this change was on its way (checkout stores its reference, then reads the card, and this
  // stores the card, then reads the reference: one of the two sees the other) is moved onto the card now.
  const madeMeanwhile =
    outcome === 'applied' && !scheduled && (await scheduleReferenceOf(deps, row.change.paymentId));
  if (madeMeanwhile) await deps.provider.chargeLaterTo({ setup, scheduleReference: madeMeanwhile });
  return outcome;
}

/** The provider's schedule of the plan's later instalments, once made. */
async function scheduleReferenceOf(deps: CardChangeDeps, paymentId: string): Promise<string | null> {
  const [scheduled] = await deps.db
    .select({ reference: paymentInstalments.providerReference })
    .from(paymentInstalments)
    .where(and(eq(paymentInstalments.paymentId, paymentId), isNotNull(paymentInstalments.providerReference)))
    .limit(1);
  return scheduled?.reference ?? null;
}

/**
 * POST /api/account/plans/:paymentId/card-change/complete: after the card form, the new card is the plan's (or
 * already was: the webhook came first). 409 CARD_NOT_CONFIRMED while the provider has not saved it.
 */
export async function completeCardChange(
  deps: CardChangeDeps,
  caller: Principal,
  paymentId: string,
  setupId: string,
): Promise<CardChanged> {
  const plan = await activePlan(deps.db, caller.id, paymentId);
  const [change] = await deps.db
    .select({ id: cardChanges.id })
    .from(cardChanges)
    .where(and(eq(cardChanges.paymentId, plan.id), eq(cardChanges.providerSetupId, setupId)));
  if (!change) throw notFound('Card change not found', 'CARD_CHANGE_NOT_FOUND');
  const outcome = await applyCardChange(deps, setupId);
  if (outcome === 'not_confirmed') {
    throw conflict('Your new card has not been saved yet. Please try again.', 'CARD_NOT_CONFIRMED');
  }
  const [done] = await deps.db
    .select({ card: cardChanges.card })
    .from(cardChanges)
    .where(and(eq(cardChanges.id, change.id), inArray(cardChanges.status, ['succeeded'])));
  if (!done) throw conflict('Your new card has not been saved yet. Please try again.', 'CARD_NOT_CONFIRMED');
  return { cardLast4: done.card?.last4 ?? null };
}

/** Checkout's handler for setup_intent events (made by the composition root, src/server/deps.ts). */
export function cardChangeEventHandler(
  database: Database,
  provider: PaymentProvider,
): CardChangeEventHandler {
  return async (_eventId, setup) => {
    if (setup.metadata.purpose !== 'card_change') return 'ignored';
    const outcome = await applyCardChange({ db: database.db, provider }, setup.id);
    return outcome === 'applied' ? 'processed' : outcome === 'already' ? 'duplicate' : 'ignored';
  };
}
