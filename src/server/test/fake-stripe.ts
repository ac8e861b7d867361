import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm } from './fake-stripe-form.ts';

export { sendSignedWebhook } from './stripe-webhook.ts';

import type { AppConfig } from '#server/config.ts';
import { createTestApp, type TestContext } from './harness.ts';

// A small local fake of the Stripe HTTP API (form-encoded requests, JSON answers) that stripe-node is pointed
// at in tests through host/port/protocol. It knows the few endpoints checkout uses.

type Obj = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startFakeStripe() {
  const intents = new Map<string, Obj>();
  const schedules: Obj[] = [];
  /** Refunds by id; a repeated Idempotency-Key answers the first refund, as Stripe does. */
  const refunds = new Map<string, Obj>();
  const refundKeys = new Map<string, string>();
  /** Paths whose next request answers 500 (a Stripe outage), once per entry. */
  const failures: string[] = [];
  /** Paths whose next request waits until the test lets it through (a slow Stripe), once per entry. */
  const holds: { path: string; reached: () => void; gate: Promise<void> }[] = [];
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  /** Subscription invoices paid again (invoices.pay): declined unless listed here. */
  const payableInvoices = new Set<string>();
  /** SetupIntents (a plan's new card); a repeated Idempotency-Key answers the first, as Stripe does. */
  const setups = new Map<string, Obj>();
  const setupKeys = new Map<string, string>();
  /** Updates of customers, schedules and subscriptions (the new default card), in order. */
  const updates: { path: string; params: Obj }[] = [];
  /** Subscription invoices Stripe charged, with the PaymentIntent that paid each (its InvoicePayment). */
  const paidInvoices = new Map<string, { intentId: string; amount: number }>();
  /** What a PaymentIntent took, less what its refunds (not failed) gave back, as Stripe refuses more. */
  const unrefunded = (intentId: string) => {
    const charged = (intents.get(intentId)?.amount as number | undefined) ?? 0;
    let back = 0;
    for (const r of refunds.values())
      if (r.payment_intent === intentId && r.status !== 'failed') back += r.amount as number;
    return charged - back;
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      const params = parseForm(body);
      const path = (req.url ?? '').split('?')[0]!;
      const held = holds.findIndex((h) => h.path === path);
      if (held >= 0) {
        const [hold] = holds.splice(held, 1);
        hold!.reached();
        await hold!.gate;
      }
      const key = req.headers['idempotency-key'];
      requests.push({ method: req.method!, path, idempotencyKey: typeof key === 'string' ? key : undefined });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== 'Bearer sk_test_fake') {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const failing = failures.indexOf(path);
      if (failing >= 0) {
        failures.splice(failing, 1);
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
      }
      if (req.method === 'POST' && path === '/v1/customers') {
        return send(200, { id: id('cus'), object: 'customer', ...params });
      }
      if (req.method === 'POST' && path === '/v1/products') {
        return send(200, { id: id('prod'), object: 'product', ...params });
      }
      if (req.method === 'POST' && path === '/v1/subscription_schedules') {
        const schedule = { id: id('sub_sched'), object: 'subscription_schedule', ...params };
        schedules.push(schedule);
        return send(200, schedule);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const previous = typeof key === 'string' ? refundKeys.get(key) : undefined;
        if (previous) return send(200, refunds.get(previous));
        const intentId = params.payment_intent as string;
        if (!intents.has(intentId)) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${intentId}'`,
            },
          });
        }
        if (Number(params.amount) > unrefunded(intentId)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_exceeds_source_limit',
              message: `Refund amount (${params.amount}) is greater than unrefunded amount on charge (${unrefunded(intentId)})`,
            },
          });
        }
        const refund = {
          id: id('re'),
          object: 'refund',
          amount: Number(params.amount),
          currency: 'gbp',
          payment_intent: intentId,
          metadata: params.metadata ?? {},
          status: 'pending',
        };
        refunds.set(refund.id, refund);
        if (typeof key === 'string') refundKeys.set(key, refund.id);
        return send(200, refund);
      }
      if (req.method === 'POST' && path === '/v1/setup_intents') {
        const previous = typeof key === 'string' ? setupKeys.get(key) : undefined;
        if (previous) return send(200, setups.get(previous));
        const setupId = id('seti');
        const setup: Obj = {
          id: setupId,
          object: 'setup_intent',
          customer: params.customer ?? null,
          usage: params.usage,
          metadata: params.metadata ?? {},
          client_secret: `${setupId}_secret_${randomBytes(8).toString('hex')}`,
          status: 'requires_payment_method',
          payment_method: null,
        };
        setups.set(setupId, setup);
        if (typeof key === 'string') setupKeys.set(key, setupId);
        return send(200, setup);
      }
      const setupMatch = /^\/v1\/setup_intents\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && setupMatch) {
        const setup = setups.get(setupMatch[1]!);
        if (!setup) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        const expand = (req.url ?? '').includes('payment_method');
        const method = setup.payment_method as string | null;
        return send(200, {
          ...setup,
          payment_method:
            expand && method
              ? { id: method, object: 'payment_method', card: { last4: setup.last4 ?? '4242' } }
              : method,
        });
      }
      const updated = /^\/v1\/(customers|subscription_schedules|subscriptions)\/([\w]+)$/.exec(path);
      if (req.method === 'POST' && updated) {
        updates.push({ path, params });
        if (updated[1] === 'subscription_schedules') {
          const schedule = schedules.find((s) => s.id === updated[2]);
          if (!schedule)
            return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
          Object.assign(schedule, params);
          return send(200, { subscription: null, ...schedule });
        }
        return send(200, {
          id: updated[2],
          object: updated[1] === 'customers' ? 'customer' : 'subscription',
        });
      }
      if (req.method === 'GET' && path === '/v1/invoice_payments') {
        const query = new URL(req.url ?? '', 'http://fake').searchParams;
        const invoiceId = query.get('invoice') ?? '';
        const paid = paidInvoices.get(invoiceId);
        const data = paid
          ? [
              {
                id: id('inpay'),
                object: 'invoice_payment',
                invoice: invoiceId,
                amount_paid: paid.amount,
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: paid.intentId },
              },
            ]
          : [];
        return send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      }
      const payInvoice = /^\/v1\/invoices\/([\w]+)\/pay$/.exec(path);
      if (req.method === 'POST' && payInvoice) {
        if (!payableInvoices.has(payInvoice[1]!)) {
          return send(402, {
            error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
          });
        }
        return send(200, { id: payInvoice[1], object: 'invoice', status: 'paid' });
      }
      const cancelSchedule = /^\/v1\/subscription_schedules\/([\w]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && cancelSchedule) {
        const schedule = schedules.find((s) => s.id === cancelSchedule[1]);
        if (!schedule)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        schedule.status = 'canceled';
        return send(200, schedule);
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const intentId = id('pi');
        const intent: Obj = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(params.amount),
          currency: params.currency,
          metadata: params.metadata ?? {},
          receipt_email: params.receipt_email ?? null,
          customer: params.customer ?? null,
          setup_future_usage: params.setup_future_usage ?? null,
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          status: 'requires_payment_method',
          payment_method: null,
          last_payment_error: null,
        };
        intents.set(intentId, intent);
        return send(200, intent);
      }
      const missingIntent = () =>
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      const cancel = /^\/v1\/payment_intents\/([\w]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1]!);
        if (!intent) {
          return missingIntent();
        }
        if (intent.status === 'succeeded' || intent.status === 'processing' || intent.status === 'canceled') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        intent.status = 'canceled';
        intent.cancellation_reason = params.cancellation_reason ?? null;
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const intent = intents.get(match[1]!);
        if (!intent) {
          return missingIntent();
        }
        return send(200, intent);
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unknown ${req.method} ${path}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    intents,
    schedules,
    refunds,
    requests,
    payableInvoices,
    setups,
    updates,
    /** What Stripe does when the browser confirms a SetupIntent with a card (confirmSetup). */
    saveCard(setupId: string, paymentMethod: string, last4: string) {
      const setup = setups.get(setupId)!;
      setup.status = 'succeeded';
      setup.payment_method = paymentMethod;
      setup.last4 = last4;
      return setup;
    },
    paidInvoices,
    /**
     * What Stripe does when a subscription schedule charges an instalment: the invoice is paid by a PaymentIntent
     * of its own; answers the invoice object its invoice.paid event carries (API 2025-03-31 and later).
     */
    chargeInvoice(invoiceId: string, planIntentId: string, amount: number) {
      const intentId = id('pi');
      intents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: 'gbp',
        status: 'succeeded',
      });
      paidInvoices.set(invoiceId, { intentId, amount });
      return {
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
        attempt_count: 1,
        amount_due: amount,
        amount_paid: amount,
        parent: {
          subscription_details: { subscription: 'sub_plan', metadata: { paymentIntentId: planIntentId } },
        },
      };
    },
    /**
     * The next request to `path` waits: `reached` resolves when it has arrived, and it is answered after `release()`.
     */
    holdNext(path: string) {
      let reached!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ path, reached, gate });
      return { reached: arrived, release };
    },
    /** The next `times` requests to `path` (e.g. '/v1/subscription_schedules') fail with a 500. */
    failNext(path: string, times = 1) {
      for (let i = 0; i < times; i++) failures.push(path);
    },
    /** What Stripe does when the browser confirms with a card. */
    succeed(intentId: string) {
      const intent = intents.get(intentId)!;
      intent.status = 'succeeded';
      intent.payment_method = 'pm_card_visa';
      return intent;
    },
    decline(intentId: string, message = 'Your card was declined.') {
      const intent = intents.get(intentId)!;
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { code: 'card_declined', message };
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The app configured for Stripe, pointed at a fresh fake of the Stripe API; `close` stops both. */
export async function createStripeTestApp(
  webhookSecret: string,
  overrides: Partial<AppConfig> = {},
): Promise<{
  t: TestContext;
  fake: FakeStripe;
  close: () => Promise<void>;
}> {
  const fake = await startFakeStripe();
  const t = await createTestApp({
    ...overrides,
    stripe: {
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret,
      apiBase: fake.apiBase,
    },
  });
  return {
    t,
    fake,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
