import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import type { PaymentConsent } from '#server/db/schema/commerce.ts';
import { payments } from '#server/db/schema/index.ts';
import { badRequest, tooManyRequests } from '#server/lib/http.error.ts';
import * as rateLimit from '#server/lib/rate-limit.service.ts';
import { CONSENT_REQUIRED_MESSAGE, type ConsentInput, IMMEDIATE_ACCESS_CONSENT } from '#shared/consent.ts';
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from './payment.provider.ts';

// How a payment starts (docs/decisions/0015-payment-row-first.md): anonymous callers are throttled per address,
// our own row is written first, and only then is the provider asked for an intent, with our row's id as the
// idempotency key. A provider failure leaves a closed row of ours and no intent anyone can pay.

/** The window of the per-address limit (config `PAYMENT_STARTS_PER_IP`, 20 by default). */
export const PAYMENT_CREATION_WINDOW_MS = 10 * 60 * 1000;
export const TOO_MANY_PAYMENTS =
  'Too many payments started from your network. Please wait a few minutes and try again.';
export const PROVIDER_FAILED_MESSAGE = 'The payment could not be started with the card processor.';

/** Counts one payment start for the address (one atomic statement); 429 with Retry-After past the limit. */
export async function reservePaymentStart(
  deps: { db: Queryable; paymentStartsPerIp: number },
  ipAddress: string,
): Promise<void> {
  const key = `payment:ip:${ipAddress}`;
  const reserved = (await rateLimit.reserve(deps.db, [key], PAYMENT_CREATION_WINDOW_MS)).get(key);
  if (reserved && reserved.count > deps.paymentStartsPerIp) {
    throw tooManyRequests(TOO_MANY_PAYMENTS, 'RATE_LIMITED', reserved.resetsAt.getTime() - Date.now());
  }
}

/**
 * The buyer's express consent to immediate access in the current wording (src/shared/consent.ts), as stored with
 * the payment; 400 CONSENT_REQUIRED when it is missing, unticked or for an older wording.
 */
export function requireConsent(consent: ConsentInput | undefined, ipAddress: string): PaymentConsent {
  if (!consent?.immediateAccess || consent.wordingVersion !== IMMEDIATE_ACCESS_CONSENT.version) {
    throw badRequest(CONSENT_REQUIRED_MESSAGE, 'CONSENT_REQUIRED');
  }
  return { version: consent.wordingVersion, at: new Date().toISOString(), ip: ipAddress };
}

export type NewPayment = Omit<
  typeof payments.$inferInsert,
  'id' | 'provider' | 'providerIntentId' | 'status'
>;

export interface OpenedPayment {
  paymentId: string;
  intent: ProviderIntent;
}

/**
 * Writes our pending payment row (and whatever `link` records against it, in the same transaction), then creates
 * the provider's intent keyed by the row's id, then stores the intent's id on the row. If the provider fails, the
 * row is closed as failed with the buyer's details removed, and the provider's error goes to the caller.
 */
export async function openPayment(
  deps: { db: Db; provider: PaymentProvider },
  values: NewPayment,
  intentInput: Omit<CreateIntentInput, 'idempotencyKey'>,
  link?: (tx: Queryable, paymentId: string) => Promise<unknown>,
): Promise<OpenedPayment> {
  const paymentId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({ ...values, provider: deps.provider.name, status: 'pending' })
      .returning({ id: payments.id });
    await link?.(tx, row!.id);
    return row!.id;
  });
  let intent: ProviderIntent;
  try {
    intent = await deps.provider.createIntent({
      ...intentInput,
      metadata: { ...intentInput.metadata, paymentId },
      idempotencyKey: `payment-${paymentId}`,
    });
  } catch (error) {
    await deps.db
      .update(payments)
      .set({
        status: 'failed',
        failureMessage: PROVIDER_FAILED_MESSAGE,
        email: '',
        studentData: {},
        updatedAt: new Date(),
      })
      .where(eq(payments.id, paymentId));
    throw error;
  }
  await deps.db
    .update(payments)
    .set({ providerIntentId: intent.id, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
  return { paymentId, intent };
}
