import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { cardChanges, courses, paymentInstalments, payments } from '#server/db/schema/index.ts';
import { badRequest, HttpError, notFound } from '#server/lib/http.error.ts';
import { penceToDecimal } from '#shared/format.ts';
import {
  cardDigits,
  INVALID_EMAIL,
  type TestCard,
  type TestConfirmResponse,
  validateCard,
} from '#shared/schemas/checkout.ts';
import {
  type ChargeInstalmentInput,
  type CreateIntentInput,
  type CreateRefundInput,
  type CreateSetupInput,
  type InstalmentCharge,
  type IntentStatus,
  intentIdFromClientSecret,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderRefund,
  type ProviderSetup,
  WebhookSignatureError,
} from './payment.provider.ts';

// The built-in provider behaves like Stripe's test mode, driven by Stripe's test card numbers. Its intents
// live in the payments table (one row per intent, written by checkout when the intent is created), so any
// app process can confirm or read them. Card numbers are only looked at, never stored or logged.

export const DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

type Outcome = 'succeeded' | 'requires_action' | { declined: string };

/**
 * Pays now, but every later charge to it is declined: a monthly plan's first payment goes through and its
 * instalments fail (docs/product.md#failed-instalments). Stripe's own card of this number behaves alike once saved.
 */
export const DECLINES_LATER_CARD = '4000000000000341';

const SUCCEEDING = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

export function testCardOutcome(digits: string): Outcome {
  if (SUCCEEDING.has(digits) || digits === DECLINES_LATER_CARD) return 'succeeded';
  if (digits === '4000002760003184' || digits === '4000002500003155') return 'requires_action';
  if (digits === '4000000000009995') return { declined: INSUFFICIENT_FUNDS };
  // 4000 0000 0000 0002 and any card that is not a test card (as Stripe's test mode does).
  return { declined: DECLINED };
}

const STATUS: Record<(typeof payments.$inferSelect)['status'], IntentStatus> = {
  pending: 'requires_payment_method',
  requires_action: 'requires_action',
  succeeded: 'succeeded',
  failed: 'requires_payment_method',
  canceled: 'canceled',
};

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  private sign(id: string): string {
    return createHmac('sha256', this.secret).update(`test-intent:${id}`).digest('base64url').slice(0, 32);
  }

  clientSecretFor(id: string): string {
    return `${id}_secret_${this.sign(id)}`;
  }

  /** The intent id of a genuine client secret, else null. */
  checkClientSecret(clientSecret: string): string | null {
    const id = intentIdFromClientSecret(clientSecret);
    if (!id) return null;
    const expected = Buffer.from(this.clientSecretFor(id));
    const given = Buffer.from(clientSecret);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  /**
   * The 3-D Secure page's view of a payment (GET /api/test-payments/:id): only for the holder of its client
   * secret; status, amount and course title, nothing about the buyer.
   */
  async describeForPage(id: string, clientSecret: string) {
    if (this.checkClientSecret(clientSecret) !== id) throw notFound('Payment not found');
    const [row] = await this.db
      .select({ status: payments.status, amountPence: payments.amountPence, courseTitle: courses.title })
      .from(payments)
      .innerJoin(courses, eq(courses.id, payments.courseId))
      .where(and(eq(payments.providerIntentId, id), eq(payments.provider, 'test')));
    if (!row) throw notFound('Payment not found');
    return { status: row.status, amount: penceToDecimal(row.amountPence), courseTitle: row.courseTitle };
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    // Like Stripe's Idempotency-Key: the same key names the same intent.
    const id = `pi_test_${createHmac('sha256', this.secret).update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    return {
      id,
      clientSecret: this.clientSecretFor(id),
      status: 'requires_payment_method',
      amountPence: input.amountPence,
      currency: input.currency,
      metadata: input.metadata,
      receiptEmail: input.receiptEmail ?? null,
      lastError: null,
      customerId: null,
      paymentMethodId: null,
    };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.providerIntentId, id), eq(payments.provider, 'test')));
    if (!row) return null;
    return {
      id,
      clientSecret: this.clientSecretFor(id),
      status: STATUS[row.status],
      amountPence: row.amountPence,
      currency: row.currency,
      metadata: { courseId: row.courseId, plan: row.plan },
      receiptEmail: row.email || null,
      lastError: row.failureMessage,
      customerId: null,
      paymentMethodId: null,
    };
  }

  async cancelIntent(id: string): Promise<ProviderIntent | null> {
    // Like Stripe: a paid intent stays paid; anything not yet paid can no longer be.
    await this.db
      .update(payments)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(
        and(
          eq(payments.providerIntentId, id),
          eq(payments.provider, 'test'),
          inArray(payments.status, ['pending', 'requires_action', 'failed']),
        ),
      );
    return this.retrieveIntent(id);
  }

  verifyWebhook(): ProviderEvent {
    throw new WebhookSignatureError('Stripe webhooks are not accepted: Stripe is not configured');
  }

  async scheduleInstalments(): Promise<string | null> {
    // The instalment rows checkout records are the schedule.
    return null;
  }

  async cancelInstalments(): Promise<void> {
    // The instalment rows are the schedule: the caller marks them cancelled.
  }

  /** The card the plan's first payment (or the buyer's last payment of an overdue amount) was made with. */
  async chargeInstalment(input: ChargeInstalmentInput): Promise<InstalmentCharge> {
    const [row] = await this.db
      .select({ card: payments.cardOnFile })
      .from(payments)
      .where(and(eq(payments.providerIntentId, input.planIntentId), eq(payments.provider, 'test')));
    if (!row) return { status: 'failed', message: DECLINED };
    if (row.card?.declinesLater) return { status: 'failed', message: DECLINED };
    const key = createHmac('sha256', this.secret).update(`charge:${input.idempotencyKey}`).digest('hex');
    return { status: 'succeeded', reference: `ch_test_${key.slice(0, 24)}` };
  }

  /** A setup for a plan's new card; its state is the card change row checkout's caller wrote first. */
  async createSetup(input: CreateSetupInput): Promise<ProviderSetup> {
    const id = `seti_test_${createHmac('sha256', this.secret).update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    return {
      id,
      clientSecret: this.clientSecretFor(id),
      status: 'requires_payment_method',
      customerId: null,
      paymentMethodId: null,
      card: null,
      metadata: input.metadata,
    };
  }

  async retrieveSetup(id: string): Promise<ProviderSetup | null> {
    const [row] = await this.db
      .select()
      .from(cardChanges)
      .where(and(eq(cardChanges.providerSetupId, id), eq(cardChanges.provider, 'test')));
    if (!row) return null;
    return {
      id,
      clientSecret: this.clientSecretFor(id),
      status: row.card ? 'succeeded' : row.status === 'canceled' ? 'canceled' : 'requires_payment_method',
      customerId: null,
      paymentMethodId: null,
      card: row.card,
      metadata: { paymentId: row.paymentId, cardChangeId: row.id },
    };
  }

  async chargeLaterTo(): Promise<void> {
    // The plan's card on file, which the caller sets, is what chargeInstalment charges.
  }

  /**
   * confirmSetup of the test provider (a plan's new card): field errors 400, a declined card 402 with the
   * processor's message; 4000 0000 0000 0341 is saved and declines the later instalments, like Stripe's.
   */
  async confirmSetup(input: { clientSecret: string; card: TestCard }) {
    const id = this.checkClientSecret(input.clientSecret);
    if (!id) throw notFound('Card change not found', 'CARD_CHANGE_NOT_FOUND');
    const errors = validateCard(input.card);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, 'CARD_INVALID');
    const digits = cardDigits(input.card.number);
    const outcome = testCardOutcome(digits);
    if (typeof outcome === 'object') throw new HttpError(402, 'CARD_DECLINED', outcome.declined);
    const [saved] = await this.db
      .update(cardChanges)
      .set({ card: { last4: digits.slice(-4), declinesLater: digits === DECLINES_LATER_CARD } })
      .where(and(eq(cardChanges.providerSetupId, id), eq(cardChanges.status, 'pending')))
      .returning({ id: cardChanges.id });
    if (!saved) throw badRequest('This card change has already been completed.', 'CARD_CHANGE_DONE');
    return { status: 'succeeded' as const, setupId: id };
  }

  /**
   * Like Stripe's test mode: a card refund succeeds, and, as at Stripe, one larger than its charge (a first payment's
   * intent, or a later instalment's charge) is refused; the same key names the same refund and the same event.
   */
  async createRefund(input: CreateRefundInput): Promise<{ refund: ProviderRefund; event: ProviderEvent }> {
    const charged = await this.chargedPence(input.chargeRef);
    if (charged !== null && input.amountPence > charged) {
      throw new HttpError(
        400,
        'PROVIDER_REFUSED',
        `Refund amount (${penceToDecimal(input.amountPence)}) is greater than the charge (${penceToDecimal(charged)}).`,
      );
    }
    const key = createHmac('sha256', this.secret).update(`refund:${input.idempotencyKey}`).digest('hex');
    const refund: ProviderRefund = {
      id: `re_test_${key.slice(0, 24)}`,
      status: 'succeeded',
      amountPence: input.amountPence,
      intentId: input.chargeRef.startsWith('pi_') ? input.chargeRef : null,
      metadata: input.metadata,
    };
    return {
      refund,
      event: { id: `evt_test_${key.slice(24, 48)}`, type: 'refund.updated', intent: null, refund },
    };
  }

  /** What a charge of this provider took: its intent's amount, or the later instalment it paid; null if unknown. */
  private async chargedPence(chargeRef: string): Promise<number | null> {
    const [intent] = await this.db
      .select({ amount: payments.amountPence })
      .from(payments)
      .where(and(eq(payments.providerIntentId, chargeRef), eq(payments.provider, 'test')));
    if (intent) return intent.amount;
    const [instalment] = await this.db
      .select({ amount: paymentInstalments.amountPence })
      .from(paymentInstalments)
      .where(eq(paymentInstalments.providerChargeId, chargeRef));
    return instalment?.amount ?? null;
  }

  /**
   * confirmPayment of the test provider: field errors for a bad card (400), the processor's message for a
   * declined one (402), 3-D Secure for the authentication card.
   */
  async confirm(input: { clientSecret: string; card: TestCard; receiptEmail?: string }) {
    const id = this.checkClientSecret(input.clientSecret);
    if (!id) throw notFound('Payment not found');
    const errors = validateCard(input.card);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, 'CARD_INVALID');
    const digits = cardDigits(input.card.number);
    const outcome = testCardOutcome(digits);

    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(payments).where(eq(payments.providerIntentId, id)).for('update');
      if (!row) throw notFound('Payment not found');
      if (row.status === 'succeeded') throw badRequest('This payment has already been completed.');
      if (row.status === 'canceled') throw badRequest('This payment was cancelled.');
      let email = row.email;
      const receiptEmail = input.receiptEmail?.trim();
      if (receiptEmail) {
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(receiptEmail)) throw badRequest(INVALID_EMAIL);
        if (!email) email = receiptEmail;
      }
      if (!email) throw badRequest(INVALID_EMAIL);
      // The checkout page has no buyer-details step: the name on the card names the new student.
      const studentData = { ...row.studentData };
      if (!studentData.firstName && !studentData.lastName) {
        const [firstName, ...rest] = input.card.name.trim().split(/\s+/);
        studentData.firstName = firstName ?? null;
        studentData.lastName = rest.join(' ') || null;
      }
      const status =
        outcome === 'succeeded' ? 'succeeded' : outcome === 'requires_action' ? 'requires_action' : 'failed';
      const failureMessage = typeof outcome === 'object' ? outcome.declined : null;
      // The card a monthly plan charges later: its last four digits and how it behaves, never the number.
      const cardOnFile =
        status === 'succeeded'
          ? { last4: digits.slice(-4), declinesLater: digits === DECLINES_LATER_CARD }
          : null;
      await tx
        .update(payments)
        .set({
          status,
          failureMessage,
          email,
          studentData,
          updatedAt: new Date(),
          ...(cardOnFile ? { cardOnFile } : {}),
        })
        .where(eq(payments.id, row.id));
      return { status, failureMessage };
    });
    if (result.failureMessage) throw new HttpError(402, 'CARD_DECLINED', result.failureMessage);
    const response: TestConfirmResponse = {
      status: result.status === 'succeeded' ? 'succeeded' : 'requires_action',
      paymentIntentId: id,
      redirectUrl:
        result.status === 'requires_action'
          ? `/payment-authentication/${encodeURIComponent(id)}?client_secret=${encodeURIComponent(input.clientSecret)}`
          : null,
    };
    return response;
  }

  /** Our 3-D Secure page's Complete / Fail; returns where the browser goes next, as Stripe's redirect does. */
  async authenticate(input: { clientSecret: string; outcome: 'complete' | 'fail' }) {
    const id = this.checkClientSecret(input.clientSecret);
    if (!id) throw notFound('Payment not found');
    const status = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(payments).where(eq(payments.providerIntentId, id)).for('update');
      if (!row) throw notFound('Payment not found');
      if (row.status !== 'requires_action') return row.status;
      const next = input.outcome === 'complete' ? 'succeeded' : 'failed';
      await tx
        .update(payments)
        .set({
          status: next,
          failureMessage: next === 'failed' ? AUTHENTICATION_FAILED : null,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, row.id));
      return next;
    });
    const redirectStatus = status === 'succeeded' ? 'succeeded' : 'failed';
    return {
      status,
      paymentIntentId: id,
      redirectUrl: `/purchase-success?payment_intent=${encodeURIComponent(id)}&redirect_status=${redirectStatus}`,
    };
  }
}
