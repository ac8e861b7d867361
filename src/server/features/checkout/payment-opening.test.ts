import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { payments, rateLimits, teamOrders } from '#server/db/schema/index.ts';
import { createCourse } from '#server/test/factories.ts';
import { createStripeTestApp, type FakeStripe } from '#server/test/fake-stripe.ts';
import { checkoutDeps } from '#server/test/feature-deps.ts';
import { teamOrderBody } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { consentGiven } from '#shared/consent.ts';
import { PROVIDER_FAILED_MESSAGE, TOO_MANY_PAYMENTS } from './payment-opening.service.ts';
import { RECHECK_AFTER_MS, reconcilePayments } from './reconcile.service.ts';

/** The ticked consent box (src/shared/consent.ts) every payment start sends. */
const consent = consentGiven();

// docs/decisions/0015-payment-row-first.md: anonymous payment creation is throttled per address, and our
// payment row is written before the provider's intent, so a provider failure leaves no intent anyone can pay
// and no 500.

const DEFAULT_LIMIT = loadConfig({ NODE_ENV: 'test' }).paymentStartsPerIp;

const buyer = (n: number) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email: `opening${n}@example.com`,
  phoneNumber: '07700 900123',
  experienceLevel: 'intermediate',
});

describe('per-address limit on starting payments (test provider, default limit)', () => {
  let t: TestContext;
  let courseId: string;
  beforeAll(async () => {
    t = await createTestApp({ paymentStartsPerIp: DEFAULT_LIMIT });
    courseId = (await createCourse(t.db, 'Cable Jointing', { isActive: true, pricePence: 49500 })).id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.db.delete(rateLimits));

  it(`lets one address start ${DEFAULT_LIMIT} payments in 10 minutes, then answers 429 with Retry-After`, async () => {
    expect(DEFAULT_LIMIT).toBe(20);
    const from = api(t.app, { remoteAddress: '203.0.113.7' });
    const started = await Promise.all(
      Array.from({ length: DEFAULT_LIMIT }, () =>
        from.post('/api/create-payment-intent', { consent, courseId, amount: 5 }),
      ),
    );
    for (const res of started) expect(res.statusCode).toBe(200);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(payments);

    const blocked = await from.post('/api/create-course-payment', {
      consent,
      courseId,
      plan: 'onetime',
      studentData: buyer(1),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY_PAYMENTS, code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Team orders count against the same allowance, whichever way they are paid.
    expect((await from.post('/api/team-orders', teamOrderBody(courseId))).statusCode).toBe(429);
    // A refused request wrote nothing.
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(payments)).toEqual(before);

    // Another address is not affected; the window passing opens the first again.
    const other = api(t.app, { remoteAddress: '203.0.113.8' });
    expect(
      (await other.post('/api/create-payment-intent', { consent, courseId, amount: 5 })).statusCode,
    ).toBe(200);
    await t.db.update(rateLimits).set({ windowStart: sql`now() - interval '11 minutes'` });
    expect((await from.post('/api/create-payment-intent', { consent, courseId, amount: 5 })).statusCode).toBe(
      200,
    );
  });
});

describe('our payment row before the provider intent (Stripe, against a local fake)', () => {
  let t: TestContext;
  let fake: FakeStripe;
  let close: () => Promise<void>;
  let courseId: string;
  beforeAll(async () => {
    ({ t, fake, close } = await createStripeTestApp('whsec_opening'));
    courseId = (await createCourse(t.db, 'Cable Jointing', { isActive: true, pricePence: 49500 })).id;
  });
  afterAll(() => close());

  it('creates the intent with our row id as its idempotency key and stores the intent on that row', async () => {
    const res = await api(t.app).post('/api/create-course-payment', {
      consent,
      courseId,
      plan: 'onetime',
      studentData: buyer(2),
    });
    expect(res.statusCode).toBe(200);
    const { paymentIntentId } = res.json();
    const [row] = await t.db.select().from(payments).where(eq(payments.providerIntentId, paymentIntentId));
    expect(row).toMatchObject({ status: 'pending', email: 'opening2@example.com' });
    const create = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      .at(-1);
    expect(create?.idempotencyKey).toBe(`payment-${row!.id}`);
    expect(fake.intents.get(paymentIntentId)?.metadata).toMatchObject({ paymentId: row!.id });
  });

  it('a provider outage answers 502 with a clear message, leaves no intent, and closes our row', async () => {
    const intentsBefore = fake.intents.size;
    fake.failNext('/v1/payment_intents', 3); // the first try and stripe-node's two retries
    const res = await api(t.app).post('/api/create-course-payment', {
      consent,
      courseId,
      plan: 'onetime',
      studentData: buyer(3),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'The payment provider could not be reached. Please try again.',
      code: 'PROVIDER_UNAVAILABLE',
    });
    expect(fake.intents.size).toBe(intentsBefore);
    const rows = await t.db.select().from(payments).where(isNull(payments.providerIntentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', failureMessage: PROVIDER_FAILED_MESSAGE, email: '' });
    expect(rows[0]!.studentData).toEqual({});
    // The buyer tries again: a fresh row and a fresh intent, and the next checkout works.
    const retry = await api(t.app).post('/api/create-course-payment', {
      consent,
      courseId,
      plan: 'onetime',
      studentData: buyer(3),
    });
    expect(retry.statusCode).toBe(200);
  });

  it('a team order by card keeps its order and payment rows together, and an outage leaves no intent', async () => {
    const intentsBefore = fake.intents.size;
    fake.failNext('/v1/payment_intents', 3);
    const failed = await api(t.app).post(
      '/api/team-orders',
      teamOrderBody(courseId, {
        payBy: 'card',
        buyer: { ...teamOrderBody(courseId).buyer, email: 'team2@example.com' },
      }),
    );
    expect(failed.statusCode).toBe(502);
    expect(fake.intents.size).toBe(intentsBefore);
    const [order] = await t.db
      .select({ status: teamOrders.status, paymentStatus: payments.status })
      .from(teamOrders)
      .innerJoin(payments, eq(payments.id, teamOrders.paymentId))
      .where(sql`${teamOrders.buyer}->>'email' = 'team2@example.com'`);
    expect(order).toEqual({ status: 'pending', paymentStatus: 'failed' });

    const ok = await api(t.app).post('/api/team-orders', teamOrderBody(courseId, { payBy: 'card' }));
    expect(ok.statusCode).toBe(201);
    const [paid] = await t.db
      .select({ intent: payments.providerIntentId })
      .from(teamOrders)
      .innerJoin(payments, eq(payments.id, teamOrders.paymentId))
      .where(eq(teamOrders.id, ok.json().orderId));
    expect(paid?.intent).toBe(ok.json().paymentIntentId);
  });

  it('the reconcile worker closes a row that never got an intent (e.g. the process stopped in between)', async () => {
    const [row] = await t.db
      .insert(payments)
      .values({
        provider: 'stripe',
        courseId,
        email: 'stopped@example.com',
        amountPence: 100,
        studentData: { email: 'stopped@example.com' },
        updatedAt: new Date(Date.now() - RECHECK_AFTER_MS - 60_000),
      })
      .returning({ id: payments.id });
    const result = await reconcilePayments(checkoutDeps(t.app));
    expect(result.abandoned).toBeGreaterThanOrEqual(1);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, row!.id));
    expect(after).toMatchObject({ status: 'canceled', email: '', providerIntentId: null });
  });
});
