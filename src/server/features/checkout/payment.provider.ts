// The one seam between checkout and a card processor: Stripe in production, the built-in test provider
// otherwise. Amounts are integer pence; the server always decides them.

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface ProviderIntent {
  id: string;
  clientSecret: string | null;
  status: IntentStatus;
  amountPence: number;
  currency: string;
  metadata: Record<string, string>;
  receiptEmail: string | null;
  /** The card processor's message for the last failed attempt ('Your card was declined.'). */
  lastError: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
}

export interface CreateIntentInput {
  amountPence: number;
  currency: 'gbp';
  metadata: Record<string, string>;
  receiptEmail?: string;
  /** Monthly plan: keep the card for the remaining instalments. */
  saveCardForLater?: boolean;
  customerName?: string;
  /** The same key always gives the same intent (Stripe's Idempotency-Key): a retried call never makes a second. */
  idempotencyKey: string;
}

/** A refund at the provider (Stripe's Refund object): succeeded only once the provider says so. */
export interface ProviderRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  amountPence: number;
  intentId: string | null;
  /** Ours: `refundId` names our refunds row. */
  metadata: Record<string, string>;
}

export interface CreateRefundInput {
  /**
   * The charge to refund (a provider refund cannot exceed its charge): a paid intent, or a monthly plan's later
   * instalment's charge as chargeInstalment or the instalment's invoice event named it (Stripe: its invoice, `in_…`).
   */
  chargeRef: string;
  amountPence: number;
  metadata: Record<string, string>;
  /** The same key always gives the same refund (Stripe's Idempotency-Key). */
  idempotencyKey: string;
}

/**
 * A monthly plan's instalment invoice at the provider (Stripe's subscription Invoice): its invoice.payment_failed and
 * invoice.paid events (docs/product.md#failed-instalments).
 */
export interface ProviderInvoice {
  id: string;
  status: 'paid' | 'failed';
  /** Charges Stripe has tried on this invoice (ours and its own). */
  attemptCount: number;
  /** Our plan's first PaymentIntent (the schedule's metadata), when the event carries it. */
  planIntentId: string | null;
  subscriptionId: string | null;
  amountPence: number;
}

/**
 * Saving a card for a monthly plan's later instalments without charging it (Stripe's SetupIntent; README 'Failed
 * instalments'): confirmed in the browser, then made the card the plan is charged to.
 */
export interface ProviderSetup {
  id: string;
  clientSecret: string | null;
  /** A SetupIntent's statuses are a PaymentIntent's. */
  status: IntentStatus;
  customerId: string | null;
  paymentMethodId: string | null;
  /** The card saved, once known: its last four digits (and the test provider's later-decline behaviour). */
  card: { last4: string; declinesLater?: boolean } | null;
  metadata: Record<string, string>;
}

export interface CreateSetupInput {
  /** The plan's first intent: its customer keeps the new card. */
  planIntentId: string;
  metadata: Record<string, string>;
  /** The same key always gives the same setup. */
  idempotencyKey: string;
}

export interface LaterChargesInput {
  setup: ProviderSetup;
  /** The reference scheduleInstalments returned (Stripe's subscription schedule), when there is one. */
  scheduleReference: string | null;
}

export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
  /** setup_intent.* events: a card saved for a plan. */
  setup?: ProviderSetup | null;
  /** refund.* and charge.refund.updated events: the refund (docs/product.md#refunds-cancellations-and-credit-notes). */
  refund?: ProviderRefund | null;
  /** invoice.paid / invoice.payment_failed of an instalment. */
  invoice?: ProviderInvoice | null;
}

/** One automatic charge of an instalment to the card on file. */
export interface ChargeInstalmentInput {
  /** The plan's first intent (our payments row's provider_intent_id). */
  planIntentId: string;
  instalmentId: string;
  amountPence: number;
  /** Stripe: the subscription invoice to pay again; null before Stripe has made one (it charges on its own). */
  providerInvoiceId: string | null;
  /** The same key always gives the same charge. */
  idempotencyKey: string;
}

/** 'not_due': the provider charges this one itself and tells us by webhook. */
export type InstalmentCharge =
  | { status: 'succeeded'; reference: string | null }
  | { status: 'failed'; message: string }
  | { status: 'not_due' };

export interface InstalmentScheduleInput {
  intent: ProviderIntent;
  productName: string;
  amountPence: number;
  /** Instalments after the first, one a month starting a month from now. */
  remaining: number;
  /** The plan's card when it was changed since the first payment (README 'Failed instalments'); else the intent's. */
  paymentMethodId: string | null;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels an unpaid intent so that it can no longer be paid. An intent that was paid (or is being paid) in the
   * meantime is not cancelled: the answer is the intent as it now stands, whatever its status; null when unknown.
   */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
  /** Checks a webhook's signature against the raw body; throws WebhookSignatureError when it is wrong. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /** Monthly plan: charge the remaining instalments automatically; returns the provider's reference. */
  scheduleInstalments(input: InstalmentScheduleInput): Promise<string | null>;
  /**
   * Asks for a refund of (part of) one paid charge; a refund over several charges is one call per charge. The answer is the refund as created; it counts only once its
   * event confirms it: Stripe sends that by webhook, the test provider returns it here as `event` (delivered
   * through the same handler), since it has no webhooks.
   */
  createRefund(input: CreateRefundInput): Promise<{ refund: ProviderRefund; event: ProviderEvent | null }>;
  /** Monthly plan: stop charging the remaining instalments (the reference scheduleInstalments returned). */
  cancelInstalments(reference: string): Promise<void>;
  /** Monthly plan: charges one instalment to the card on file now (the first try, or a retry). */
  chargeInstalment(input: ChargeInstalmentInput): Promise<InstalmentCharge>;
  /** Monthly plan: a setup for the browser to save a new card with (no charge). */
  createSetup(input: CreateSetupInput): Promise<ProviderSetup>;
  /** null when the provider does not know the id. */
  retrieveSetup(id: string): Promise<ProviderSetup | null>;
  /** Makes a succeeded setup's card the one later instalments are charged to; doing it twice changes nothing. */
  chargeLaterTo(input: LaterChargesInput): Promise<void>;
}

export class WebhookSignatureError extends Error {}

/** `pi_xxx_secret_yyy` → `pi_xxx` (Stripe's client secret format, which the test provider copies). */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : null;
}
