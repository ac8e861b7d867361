import Stripe from 'stripe';
import { HttpError } from '#server/lib/http.error.ts';
import type {
  ChargeInstalmentInput,
  CreateIntentInput,
  CreateRefundInput,
  CreateSetupInput,
  InstalmentCharge,
  InstalmentScheduleInput,
  IntentStatus,
  LaterChargesInput,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
  ProviderInvoice,
  ProviderRefund,
  ProviderSetup,
} from './payment.provider.ts';
import { WebhookSignatureError } from './payment.provider.ts';

/** Stripe's failures as our HTTP errors: a refused request is a 400, an unreachable Stripe a 502, never a 500. */
function providerError(error: unknown): HttpError {
  const type = (error as { type?: string }).type;
  if (type === 'StripeInvalidRequestError' || type === 'StripeCardError') {
    return new HttpError(400, 'PROVIDER_REFUSED', (error as Error).message || 'Failed to initialize payment');
  }
  return new HttpError(
    502,
    'PROVIDER_UNAVAILABLE',
    'The payment provider could not be reached. Please try again.',
  );
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Tests point stripe-node at a local fake of the Stripe API (`http://127.0.0.1:port`). */
  apiBase?: string;
}

type StripeIntent = Stripe.PaymentIntent;

function present(intent: StripeIntent): ProviderIntent {
  const id = (value: string | { id: string } | null | undefined) =>
    value == null ? null : typeof value === 'string' ? value : value.id;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? null,
    status: intent.status as IntentStatus,
    amountPence: intent.amount,
    currency: intent.currency,
    metadata: (intent.metadata ?? {}) as Record<string, string>,
    receiptEmail: intent.receipt_email ?? null,
    lastError: intent.last_payment_error?.message ?? null,
    customerId: id(intent.customer as string | { id: string } | null),
    paymentMethodId: id(intent.payment_method as string | { id: string } | null),
  };
}

function presentRefund(refund: Stripe.Refund): ProviderRefund {
  const intent = refund.payment_intent as string | { id: string } | null;
  return {
    id: refund.id,
    status: (refund.status ?? 'pending') as ProviderRefund['status'],
    amountPence: refund.amount,
    intentId: intent == null ? null : typeof intent === 'string' ? intent : intent.id,
    metadata: (refund.metadata ?? {}) as Record<string, string>,
  };
}

/** A SetupIntent (a plan's new card); the card's last four digits when its payment method is expanded. */
function presentSetup(setup: Stripe.SetupIntent): ProviderSetup {
  const method = setup.payment_method as string | Stripe.PaymentMethod | null;
  const customer = setup.customer as string | { id: string } | null;
  const last4 = method && typeof method === 'object' ? method.card?.last4 : undefined;
  return {
    id: setup.id,
    clientSecret: setup.client_secret ?? null,
    status: setup.status as IntentStatus,
    customerId: customer == null ? null : typeof customer === 'string' ? customer : customer.id,
    paymentMethodId: method == null ? null : typeof method === 'string' ? method : method.id,
    card: last4 ? { last4 } : null,
    metadata: (setup.metadata ?? {}) as Record<string, string>,
  };
}

/**
 * A subscription invoice of an instalment schedule. The plan's intent comes from the subscription's metadata (set
 * by the schedule's phase), under `parent.subscription_details` (API 2025-03-31 and later) or `subscription_details`.
 */
function presentInvoice(invoice: Stripe.Invoice, type: string): ProviderInvoice | null {
  const status = type === 'invoice.paid' ? 'paid' : type === 'invoice.payment_failed' ? 'failed' : null;
  if (!status) return null;
  const loose = invoice as unknown as {
    parent?: {
      subscription_details?: { subscription?: string | { id: string }; metadata?: Record<string, string> };
    };
    subscription_details?: { metadata?: Record<string, string> };
    subscription?: string | { id: string } | null;
  };
  const details = loose.parent?.subscription_details;
  const subscription = details?.subscription ?? loose.subscription ?? null;
  return {
    id: invoice.id ?? '',
    status,
    attemptCount: invoice.attempt_count ?? 0,
    planIntentId:
      details?.metadata?.paymentIntentId ?? loose.subscription_details?.metadata?.paymentIntentId ?? null,
    subscriptionId:
      subscription == null ? null : typeof subscription === 'string' ? subscription : subscription.id,
    amountPence: invoice.amount_due ?? 0,
  };
}

/** Stripe through stripe-node: PaymentIntents, signed webhooks, and a subscription schedule for instalments. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const base = options.apiBase ? new URL(options.apiBase) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    try {
      return await this.createIntentUnchecked(input);
    } catch (error) {
      throw providerError(error);
    }
  }

  private async createIntentUnchecked(input: CreateIntentInput): Promise<ProviderIntent> {
    let customer: string | undefined;
    if (input.saveCardForLater) {
      const created = await this.stripe.customers.create(
        { email: input.receiptEmail, name: input.customerName, metadata: input.metadata },
        { idempotencyKey: `${input.idempotencyKey}-customer` },
      );
      customer = created.id;
    }
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountPence,
        currency: input.currency,
        metadata: input.metadata,
        receipt_email: input.receiptEmail,
        automatic_payment_methods: { enabled: true },
        ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return present(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return present(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return null;
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw providerError(error);
    }
  }

  async cancelIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return present(await this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }));
    } catch (error) {
      // Succeeded, processing or already cancelled (payment_intent_unexpected_state): report how it stands.
      if ((error as { code?: string }).code === 'payment_intent_unexpected_state')
        return this.retrieveIntent(id);
      if ((error as { code?: string }).code === 'resource_missing') return null;
      throw providerError(error);
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    const object = (event.data as { object?: { object?: string } }).object;
    return {
      id: event.id,
      type: event.type,
      intent: object?.object === 'payment_intent' ? present(object as unknown as StripeIntent) : null,
      refund: object?.object === 'refund' ? presentRefund(object as unknown as Stripe.Refund) : null,
      setup: object?.object === 'setup_intent' ? presentSetup(object as unknown as Stripe.SetupIntent) : null,
      invoice:
        object?.object === 'invoice' ? presentInvoice(object as unknown as Stripe.Invoice, event.type) : null,
    };
  }

  async createRefund(input: CreateRefundInput): Promise<{ refund: ProviderRefund; event: null }> {
    try {
      const charge = await this.refundableCharge(input.chargeRef);
      const refund = await this.stripe.refunds.create(
        { ...charge, amount: input.amountPence, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      // Confirmed by the refund.updated / refund.created webhook, not by this answer.
      return { refund: presentRefund(refund), event: null };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw providerError(error);
    }
  }

  /**
   * What refunds.create takes for a charge: a PaymentIntent or a Charge as is; an instalment's subscription invoice
   * through its paid InvoicePayment (API 2025-03-31 and later name an invoice's payment only there).
   */
  private async refundableCharge(ref: string): Promise<{ payment_intent: string } | { charge: string }> {
    if (ref.startsWith('ch_')) return { charge: ref };
    if (!ref.startsWith('in_')) return { payment_intent: ref };
    const paid = await this.stripe.invoicePayments.list({ invoice: ref, status: 'paid', limit: 1 });
    const payment = paid.data[0]?.payment;
    const idOf = (value: string | { id: string } | null | undefined) =>
      value == null ? null : typeof value === 'string' ? value : value.id;
    const intent = idOf(payment?.payment_intent);
    if (intent) return { payment_intent: intent };
    const charge = idOf(payment?.charge);
    if (charge) return { charge };
    throw new HttpError(409, 'CHARGE_NOT_FOUND', `Stripe has no paid payment for invoice ${ref}.`);
  }

  async cancelInstalments(reference: string): Promise<void> {
    try {
      await this.stripe.subscriptionSchedules.cancel(
        reference,
        {},
        { idempotencyKey: `cancel-${reference}` },
      );
    } catch (error) {
      // Already cancelled or finished: nothing is left to charge.
      if ((error as { code?: string }).code === 'resource_missing') return;
      if ((error as { statusCode?: number }).statusCode === 400) return;
      throw providerError(error);
    }
  }

  /**
   * Stripe charges each instalment itself on its due date; a retry (days 3, 7, 14) pays the instalment's open
   * invoice again. Turn Stripe's own retries off (README 'Payments and email') so these are the schedule.
   */
  async chargeInstalment(input: ChargeInstalmentInput): Promise<InstalmentCharge> {
    if (!input.providerInvoiceId) return { status: 'not_due' };
    try {
      const invoice = await this.stripe.invoices.pay(
        input.providerInvoiceId,
        { off_session: true },
        { idempotencyKey: input.idempotencyKey },
      );
      return invoice.status === 'paid'
        ? { status: 'succeeded', reference: invoice.id ?? null }
        : { status: 'failed', message: 'The payment was not completed.' };
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'StripeCardError' || type === 'StripeInvalidRequestError') {
        return { status: 'failed', message: (error as Error).message || 'Your card was declined.' };
      }
      throw providerError(error);
    }
  }

  /** A SetupIntent for the plan's customer (the one its first payment saved the card to), for off-session use. */
  async createSetup(input: CreateSetupInput): Promise<ProviderSetup> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(input.planIntentId);
      const customer = intent.customer as string | { id: string } | null;
      if (!customer) {
        throw new HttpError(409, 'PLAN_NOT_ACTIVE', 'This plan has no saved card to change.');
      }
      const setup = await this.stripe.setupIntents.create(
        {
          customer: typeof customer === 'string' ? customer : customer.id,
          usage: 'off_session',
          automatic_payment_methods: { enabled: true },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return presentSetup(setup);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw providerError(error);
    }
  }

  async retrieveSetup(id: string): Promise<ProviderSetup | null> {
    try {
      return presentSetup(await this.stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }));
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return null;
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw providerError(error);
    }
  }

  /**
   * The new card becomes the customer's default for invoices, the schedule's default (instalments not yet
   * invoiced) and its subscription's (invoices paid again by our retries). Setting the same card twice is harmless.
   */
  async chargeLaterTo(input: LaterChargesInput): Promise<void> {
    const { setup } = input;
    if (!setup.paymentMethodId) return;
    const key = `card-${setup.id}`;
    try {
      if (setup.customerId) {
        await this.stripe.customers.update(
          setup.customerId,
          { invoice_settings: { default_payment_method: setup.paymentMethodId } },
          { idempotencyKey: `${key}-customer` },
        );
      }
      if (!input.scheduleReference) return;
      const schedule = await this.stripe.subscriptionSchedules.update(
        input.scheduleReference,
        { default_settings: { default_payment_method: setup.paymentMethodId } },
        { idempotencyKey: `${key}-schedule` },
      );
      const subscription = schedule.subscription as string | { id: string } | null;
      if (subscription) {
        await this.stripe.subscriptions.update(
          typeof subscription === 'string' ? subscription : subscription.id,
          { default_payment_method: setup.paymentMethodId },
          { idempotencyKey: `${key}-subscription` },
        );
      }
    } catch (error) {
      throw providerError(error);
    }
  }

  async scheduleInstalments(input: InstalmentScheduleInput): Promise<string | null> {
    const { intent } = input;
    if (input.remaining <= 0) return null;
    const paymentMethod = input.paymentMethodId ?? intent.paymentMethodId;
    if (!intent.customerId || !paymentMethod) return null;
    const key = `instalments-${intent.id}`;
    const product = await this.stripe.products.create(
      { name: input.productName, metadata: { paymentIntentId: intent.id } },
      { idempotencyKey: `${key}-product` },
    );
    const startDate = new Date();
    startDate.setUTCMonth(startDate.getUTCMonth() + 1);
    // A phase with a duration (Stripe removed `iterations`), then the schedule cancels: no charge after the last.
    const schedule = await this.stripe.subscriptionSchedules.create(
      {
        customer: intent.customerId,
        start_date: Math.floor(startDate.getTime() / 1000),
        end_behavior: 'cancel',
        default_settings: { default_payment_method: paymentMethod },
        metadata: { paymentIntentId: intent.id },
        phases: [
          {
            items: [
              {
                price_data: {
                  currency: 'gbp',
                  product: product.id,
                  unit_amount: input.amountPence,
                  recurring: { interval: 'month' },
                },
                quantity: 1,
              },
            ],
            duration: { interval: 'month', interval_count: input.remaining },
            // Set on the subscription, so each instalment invoice's events name our plan.
            metadata: { paymentIntentId: intent.id },
          },
        ],
      },
      { idempotencyKey: `${key}-schedule` },
    );
    return schedule.id;
  }
}
