import type { Queryable } from '#server/db/client.ts';
import type { ProviderInvoice, ProviderRefund, ProviderSetup } from './payment.provider.ts';

/**
 * What a feature that sells through checkout plugs in for payments of its own purpose (a team order:
 * docs/team-seats.md), so that checkout knows nothing of that feature. The composition root (src/server/deps.ts)
 * hands the list to checkout; both calls run inside checkout's transaction with the payment row locked.
 */
export interface PaymentSettlement {
  /**
   * Settles a paid payment if it is for this purpose, exactly once, and returns the account it now belongs to;
   * null when the payment is not this purpose's (checkout then provisions the student itself).
   */
  settle(tx: Queryable, paymentId: string): Promise<{ userId: string } | null>;
  /** The reconciler gave up on the unpaid payment: release whatever this purpose held for it. */
  abandon(tx: Queryable, paymentId: string): Promise<void>;
}

/** The first settlement that claims the payment, or null when it is an ordinary course purchase. */
export async function settleForPurpose(
  settlements: readonly PaymentSettlement[],
  tx: Queryable,
  paymentId: string,
): Promise<{ userId: string } | null> {
  for (const settlement of settlements) {
    const settled = await settlement.settle(tx, paymentId);
    if (settled) return settled;
  }
  return null;
}

/**
 * Confirms a refund from the provider's event (webhook, or the test provider's answer), exactly once per event
 * and per refund; given to checkout by the composition root so that checkout knows nothing of refunds.
 */
export type RefundEventHandler = (
  eventId: string,
  refund: ProviderRefund,
) => Promise<'processed' | 'duplicate' | 'ignored'>;

/**
 * Records a monthly plan's instalment invoice event (Stripe's invoice.paid / invoice.payment_failed), exactly once
 * per event and per attempt; given to checkout by the composition root (features/instalments).
 */
export type InstalmentEventHandler = (
  eventId: string,
  invoice: ProviderInvoice,
) => Promise<'processed' | 'duplicate' | 'ignored'>;

/**
 * Applies a plan's new card from the provider's setup_intent.succeeded event, once; given to checkout by the
 * composition root (features/instalments, README 'Failed instalments').
 */
export type CardChangeEventHandler = (
  eventId: string,
  setup: ProviderSetup,
) => Promise<'processed' | 'duplicate' | 'ignored'>;
