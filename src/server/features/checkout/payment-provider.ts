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

export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

export interface InstalmentScheduleInput {
  intent: ProviderIntent;
  productName: string;
  amountPence: number;
  /** Instalments after the first, one a month starting a month from now. */
  remaining: number;
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
}

export class WebhookSignatureError extends Error {}

/** `pi_xxx_secret_yyy` → `pi_xxx` (Stripe's client secret format, which the test provider copies). */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : null;
}
