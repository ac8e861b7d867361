import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courses,
  emailOutbox,
  enrolments,
  paymentInstalments,
  payments,
  processedProviderEvents,
  users,
} from '#server/db/schema/index.ts';
import { createStripeTestApp, type FakeStripe } from '#server/test/fake-stripe.ts';
import { checkoutDeps } from '#server/test/feature-deps.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { consentGiven } from '#shared/consent.ts';
import {
  ABANDON_AFTER_MS,
  ABANDONED_MESSAGE,
  RECHECK_AFTER_MS,
  reconcilePayments,
} from './reconcile.service.ts';

/** The ticked consent box (src/shared/consent.ts) every payment start sends. */
const consent = consentGiven();

const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_fake');

let t: TestContext;
let fake: FakeStripe;
let close: () => Promise<void>;
let courseId: string;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp(WEBHOOK_SECRET));
  const [row] = await t.db
    .insert(courses)
    .values({
      title: 'Drainage Systems Fundamentals',
      description: 'd',
      pricePence: 99500,
      monthlyPricePence: 19999,
    })
    .returning({ id: courses.id });
  courseId = row!.id;
});
afterAll(() => close());

let seq = 0;
const buyer = () => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email: `stripe${++seq}@example.com`,
  phoneNumber: '07700 900123',
  experienceLevel: 'intermediate',
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

function webhook(
  payload: string,
  signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

function succeededEvent(intent: Record<string, unknown>, eventId = `evt_${++seq}`) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
  });
}

async function counts(email: string) {
  const one = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    users: await one(
      t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, email)),
    ),
    enrolments: await one(
      t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(enrolments)
        .innerJoin(users, eq(users.id, enrolments.userId))
        .where(eq(users.email, email)),
    ),
    emails: await one(
      t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email)),
    ),
    payments: await one(
      t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(sql`${payments.email} = ${email} and ${payments.fulfilledAt} is not null`),
    ),
  };
}

describe('Stripe adapter (stripe-node against a local fake of the Stripe API)', () => {
  it('tells the browser to use Stripe Elements with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    const testOnly = await post('/api/test-payments/confirm', {});
    expect(testOnly.statusCode).toBe(404);
  });

  it('creates a GBP PaymentIntent for the course price with the receipt email', async () => {
    const student = buyer();
    const res = await post('/api/create-course-payment', {
      consent,
      courseId,
      studentData: student,
      amount: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const intent = fake.intents.get(body.paymentIntentId)!;
    expect(intent).toMatchObject({
      amount: 99500,
      currency: 'gbp',
      receipt_email: student.email,
      metadata: { courseId, plan: 'onetime' },
    });
    expect(body.clientSecret).toBe(intent.client_secret);
  });

  it('20 concurrent payment-success calls plus two duplicate webhooks provision exactly once', async () => {
    const student = buyer();
    const { paymentIntentId } = (
      await post('/api/create-course-payment', { consent, courseId, studentData: student })
    ).json();
    // Before Stripe says it succeeded, nothing is provisioned.
    expect((await post('/api/payment-success', { paymentIntentId })).json().status).toBe('pending');
    const intent = fake.succeed(paymentIntentId);
    const event = succeededEvent(intent, `evt_dup_${paymentIntentId}`);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => post('/api/payment-success', { paymentIntentId })),
      webhook(event),
      webhook(event),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(22).fill(200));
    expect(await counts(student.email)).toEqual({ users: 1, enrolments: 1, emails: 1, payments: 1 });
    const events = await t.db
      .select()
      .from(processedProviderEvents)
      .where(eq(processedProviderEvents.id, `evt_dup_${paymentIntentId}`));
    expect(events).toHaveLength(1);
  });

  it('a signed webhook alone provisions the buyer', async () => {
    const student = buyer();
    const { paymentIntentId } = (
      await post('/api/create-course-payment', { consent, courseId, studentData: student })
    ).json();
    const res = await webhook(succeededEvent(fake.succeed(paymentIntentId)));
    expect(res.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await counts(student.email)).toEqual({ users: 1, enrolments: 1, emails: 1, payments: 1 });
  });

  it('refuses a tampered or missing signature', async () => {
    const student = buyer();
    const { paymentIntentId } = (
      await post('/api/create-course-payment', { consent, courseId, studentData: student })
    ).json();
    const intent = { ...fake.intents.get(paymentIntentId)!, status: 'succeeded' };
    const payload = succeededEvent(intent);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await webhook(payload.replace('"amount":99500', '"amount":100'), signature);
    expect(tampered.statusCode).toBe(400);
    const wrongSecret = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }),
    );
    expect(wrongSecret.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(none.statusCode).toBe(400);
    expect(await counts(student.email)).toEqual({ users: 0, enrolments: 0, emails: 0, payments: 0 });
  });

  it('a declined card leaves nothing behind and reports the message', async () => {
    const student = buyer();
    const { paymentIntentId } = (
      await post('/api/create-course-payment', { consent, courseId, studentData: student })
    ).json();
    fake.decline(paymentIntentId);
    const res = await post('/api/payment-success', { paymentIntentId });
    expect(res.json()).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    expect(await counts(student.email)).toEqual({ users: 0, enrolments: 0, emails: 0, payments: 0 });
  });

  it('the monthly plan saves the card and creates a subscription schedule for the rest', async () => {
    const student = buyer();
    const res = await post('/api/create-course-payment', {
      consent,
      courseId,
      studentData: student,
      plan: 'monthly',
    });
    const { paymentIntentId } = res.json();
    const intent = fake.intents.get(paymentIntentId)!;
    expect(intent).toMatchObject({ amount: 19999, setup_future_usage: 'off_session' });
    expect(intent.customer).toMatch(/^cus_/);
    fake.succeed(paymentIntentId);
    await post('/api/payment-success', { paymentIntentId });
    const schedule = fake.schedules.find(
      (s) => (s.metadata as Record<string, string>).paymentIntentId === paymentIntentId,
    )!;
    expect(schedule).toMatchObject({
      customer: intent.customer,
      end_behavior: 'cancel',
      default_settings: { default_payment_method: 'pm_card_visa' },
      phases: [
        {
          items: [
            { price_data: { currency: 'gbp', unit_amount: '19999', recurring: { interval: 'month' } } },
          ],
          duration: { interval: 'month', interval_count: '5' },
        },
      ],
    });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, paymentIntentId));
    const rows = await t.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, payment!.id));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.providerReference))).toEqual(new Set([schedule.id]));
  });
});

describe('Stripe unreachable', () => {
  it('answers 502, not 500, when Stripe cannot be reached', async () => {
    const down = await createTestApp({
      stripe: {
        secretKey: 'sk_test_fake',
        publishableKey: 'pk_test_fake',
        webhookSecret: WEBHOOK_SECRET,
        apiBase: 'http://127.0.0.1:9',
      },
    });
    try {
      const [row] = await down.db
        .insert(courses)
        .values({ title: 'Any', description: 'd', pricePence: 1000 })
        .returning({ id: courses.id });
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { courseId: row!.id, consent },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/payment provider could not be reached/);
      const success = await down.app.inject({
        method: 'POST',
        url: '/api/payment-success',
        payload: { paymentIntentId: 'pi_123' },
      });
      expect(success.statusCode).toBe(502);
    } finally {
      await down.close();
    }
  });
});

describe('reconciliation with Stripe (the worker behind the success page and the webhook)', () => {
  const later = (ms: number) => new Date(Date.now() + ms);
  const payment = async (intentId: string) =>
    (await t.db.select().from(payments).where(eq(payments.providerIntentId, intentId)))[0]!;

  it('provisions a buyer whose payment succeeded at Stripe when neither the success page nor a webhook came', async () => {
    const student = buyer();
    const { paymentIntentId } = (
      await post('/api/create-course-payment', { consent, courseId, studentData: student })
    ).json();
    fake.succeed(paymentIntentId);
    // Too recent: the success page may still be on its way.
    await reconcilePayments(checkoutDeps(t.app));
    expect(await counts(student.email)).toMatchObject({ users: 0, payments: 0 });

    const result = await reconcilePayments(checkoutDeps(t.app), later(RECHECK_AFTER_MS + 60_000));
    expect(result.provisioned).toBeGreaterThanOrEqual(1);
    expect(await counts(student.email)).toEqual({ users: 1, enrolments: 1, emails: 1, payments: 1 });
    // The late webhook and success page change nothing.
    expect((await webhook(succeededEvent(fake.intents.get(paymentIntentId)!))).statusCode).toBe(200);
    expect((await post('/api/payment-success', { paymentIntentId })).json()).toMatchObject({
      status: 'succeeded',
    });
    expect(await counts(student.email)).toEqual({ users: 1, enrolments: 1, emails: 1, payments: 1 });
  });

  it('cancels an intent left unpaid for 24 hours at Stripe and forgets the buyer’s details', async () => {
    const student = buyer();
    const { paymentIntentId } = (
      await post('/api/create-course-payment', { consent, courseId, studentData: student })
    ).json();
    fake.decline(paymentIntentId);
    await reconcilePayments(checkoutDeps(t.app), later(RECHECK_AFTER_MS + 60_000));
    expect(await payment(paymentIntentId)).toMatchObject({ status: 'failed', email: student.email });

    await reconcilePayments(checkoutDeps(t.app), later(ABANDON_AFTER_MS + 60_000));
    expect(fake.intents.get(paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect(await payment(paymentIntentId)).toMatchObject({
      status: 'canceled',
      email: '',
      studentData: {},
      failureMessage: ABANDONED_MESSAGE,
    });
    expect(await counts(student.email)).toMatchObject({ users: 0, payments: 0 });
  });

  it('a buyer who paid just before the 24 hours ran out is enrolled, not cancelled', async () => {
    const student = buyer();
    const { paymentIntentId } = (
      await post('/api/create-course-payment', { consent, courseId, studentData: student })
    ).json();
    fake.succeed(paymentIntentId);
    const cancels = fake.requests.filter((r) => r.path.endsWith('/cancel')).length;
    await reconcilePayments(checkoutDeps(t.app), later(ABANDON_AFTER_MS + 60_000));
    expect(fake.requests.filter((r) => r.path.endsWith('/cancel')).length).toBe(cancels);
    expect(await counts(student.email)).toEqual({ users: 1, enrolments: 1, emails: 1, payments: 1 });
  });

  it('creates a monthly plan’s instalment schedule later when Stripe failed at payment time', async () => {
    const student = buyer();
    const res = await post('/api/create-course-payment', {
      consent,
      courseId,
      studentData: student,
      plan: 'monthly',
    });
    const { paymentIntentId } = res.json();
    fake.succeed(paymentIntentId);
    // stripe-node tries 3 times: every one fails.
    fake.failNext('/v1/subscription_schedules', 3);
    expect((await post('/api/payment-success', { paymentIntentId })).json()).toMatchObject({
      status: 'succeeded',
    });
    const { id } = await payment(paymentIntentId);
    const references = async () =>
      (await t.db.select().from(paymentInstalments).where(eq(paymentInstalments.paymentId, id))).map(
        (r) => r.providerReference,
      );
    expect(await references()).toEqual([null, null, null, null, null]);

    const result = await reconcilePayments(checkoutDeps(t.app), later(RECHECK_AFTER_MS + 60_000));
    expect(result.schedulesCreated).toBe(1);
    const schedule = fake.schedules.find(
      (s) => (s.metadata as Record<string, string>).paymentIntentId === paymentIntentId,
    )!;
    expect(new Set(await references())).toEqual(new Set([schedule.id]));
    // Done: the next run has nothing to create.
    expect(
      (await reconcilePayments(checkoutDeps(t.app), later(RECHECK_AFTER_MS + 120_000))).schedulesCreated,
    ).toBe(0);
  }, 20_000);
});
