import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courses,
  emailOutbox,
  enrolments,
  paymentInstalments,
  payments,
  users,
} from '#server/db/schema/index.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { checkoutDeps } from './checkout-deps.ts';
import {
  ABANDON_AFTER_MS,
  ABANDONED_MESSAGE,
  RECHECK_AFTER_MS,
  reconcilePayments,
} from './reconcile.service.ts';

let t: TestContext;
let fundamentalId: string;
let upskillId: string;
let inactiveId: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://learn.example.com' });
  const rows = await t.db
    .insert(courses)
    .values([
      {
        title: 'Drainage Systems Fundamentals',
        description: 'd',
        pricePence: 99500,
        monthlyPricePence: 19999,
        instalments: 6,
      },
      { title: 'CCTV Surveying', description: 'd', courseType: 'upskill', pricePence: 149500 },
      { title: 'EV Charging', description: 'd', isActive: false, pricePence: 120000 },
    ])
    .returning({ id: courses.id });
  [fundamentalId, upskillId, inactiveId] = rows.map((r) => r.id) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
function buyer(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Jane',
    lastName: 'Doe',
    email: `jane${++seq}@example.com`,
    phoneNumber: '07700 900123',
    experienceLevel: 'beginner',
    ...overrides,
  };
}

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

async function startPayment(studentData = buyer(), courseId = fundamentalId, plan?: string) {
  const res = await post('/api/create-course-payment', { courseId, studentData, plan });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { clientSecret: string; paymentIntentId: string; amount: string; courseTitle: string };
}

const card = (number: string, extra: Record<string, string> = {}) => ({
  number,
  expiry: '12/40',
  cvc: '123',
  name: 'Jane Doe',
  ...extra,
});

async function confirm(clientSecret: string, number: string, extra: Record<string, string> = {}) {
  return post('/api/test-payments/confirm', { clientSecret, card: card(number, extra) });
}

async function countFor(email: string) {
  const [u] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, email));
  const [e] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(eq(users.email, email));
  const [m] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email));
  const [p] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(sql`${payments.email} = ${email} and ${payments.status} = 'succeeded'`);
  return { users: u!.n, enrolments: e!.n, emails: m!.n, succeededPayments: p!.n };
}

describe('POST /api/create-course-payment: server-side validation', () => {
  it.each([
    ['firstName', { firstName: '   ' }, 'Please fill in all required fields'],
    ['lastName', { lastName: '' }, 'Please fill in all required fields'],
    ['email (blank)', { email: '  ' }, 'Please fill in all required fields'],
    ['email (format)', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['phoneNumber', { phoneNumber: ' ' }, 'Please fill in all required fields'],
    ['experienceLevel (missing)', { experienceLevel: undefined }, 'Please fill in all required fields'],
    ['experienceLevel (unknown)', { experienceLevel: 'guru' }, 'Please fill in all required fields'],
  ])('refuses a missing or bad %s', async (_field, overrides, message) => {
    const res = await post('/api/create-course-payment', {
      courseId: fundamentalId,
      studentData: buyer(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
  });

  it('requires company and job title for an upskill course only', async () => {
    const noCompany = await post('/api/create-course-payment', {
      courseId: upskillId,
      studentData: buyer({ jobTitle: 'Supervisor', company: '  ' }),
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json()).toEqual({
      message: 'Please fill in all required fields',
      code: 'VALIDATION_FAILED',
    });
    const noJobTitle = await post('/api/create-course-payment', {
      courseId: upskillId,
      studentData: buyer({ company: 'Acme Drains' }),
    });
    expect(noJobTitle.statusCode).toBe(400);
    const ok = await post('/api/create-course-payment', {
      courseId: upskillId,
      studentData: buyer({ company: 'Acme Drains', jobTitle: 'Supervisor' }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ amount: '1495.00', courseTitle: 'CCTV Surveying', currency: 'gbp' });
  });

  it('answers 404 for an unknown course, 400 for an inactive one and for a bad plan', async () => {
    for (const courseId of ['00000000-0000-4000-8000-000000000000', 'drop table']) {
      const res = await post('/api/create-course-payment', { courseId, studentData: buyer() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Course not found', code: 'NOT_FOUND' });
    }
    const inactive = await post('/api/create-course-payment', { courseId: inactiveId, studentData: buyer() });
    expect(inactive.statusCode).toBe(400);
    const badPlan = await post('/api/create-course-payment', {
      courseId: fundamentalId,
      studentData: buyer(),
      plan: 'weekly',
    });
    expect(badPlan.statusCode).toBe(400);
  });

  it('takes the amount from the course and plan, never from the client', async () => {
    const res = await post('/api/create-course-payment', {
      courseId: fundamentalId,
      studentData: buyer(),
      amount: 1,
      price: '0.01',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.amount).toBe('995.00');
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, body.paymentIntentId));
    expect(row).toMatchObject({ amountPence: 99500, currency: 'gbp', plan: 'onetime', status: 'pending' });

    const monthly = await startPayment(buyer(), fundamentalId, 'monthly');
    expect(monthly.amount).toBe('199.99');
  });

  it('create-payment-intent returns clientSecret, courseTitle and amount', async () => {
    const res = await post('/api/create-payment-intent', { courseId: fundamentalId, amount: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      courseTitle: 'Drainage Systems Fundamentals',
      amount: '995.00',
      clientSecret: expect.stringMatching(/^pi_test_\w+_secret_[\w-]+$/),
    });
  });
});

describe('test provider cards', () => {
  it('4242… succeeds and provisions the buyer: user, enrolment, payment and credentials email', async () => {
    const student = buyer({ firstName: '  Amira ', lastName: 'Khan' });
    const intent = await startPayment(student);
    const confirmed = await confirm(intent.clientSecret, '4242 4242 4242 4242');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      status: 'succeeded',
      paymentIntentId: intent.paymentIntentId,
      redirectUrl: null,
    });
    const success = await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
    expect(success.statusCode).toBe(200);
    expect(success.json()).toEqual({
      status: 'succeeded',
      courseTitle: 'Drainage Systems Fundamentals',
      email: `j***@example.com`,
      message: null,
    });
    const [user] = await t.db.select().from(users).where(eq(users.email, student.email));
    expect(user).toMatchObject({
      firstName: 'Amira',
      lastName: 'Khan',
      role: 'student',
      mustChangePassword: true,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.tempPasswordExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, student.email));
    expect(mail!.subject).toContain('Drainage Systems Fundamentals');
    expect(mail!.textBody).toContain(`Email: ${student.email}`);
    const password = /Temporary password: (\S+)/.exec(mail!.textBody)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(mail!.textBody).toContain('https://learn.example.com/login');
    expect(mail!.htmlBody).toContain(`Temporary password: ${password}`);
    expect(await countFor(student.email)).toEqual({
      users: 1,
      enrolments: 1,
      emails: 1,
      succeededPayments: 1,
    });
    // The emailed password signs in, and the account must change it first.
    const login = await post('/api/login', { email: student.email, password });
    expect(login.statusCode).toBe(200);
    expect(login.json().mustChangePassword).toBe(true);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('%s is declined with "%s" and leaves no user or enrolment', async (number, message) => {
    const student = buyer();
    const intent = await startPayment(student);
    const res = await confirm(intent.clientSecret, number);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message, code: 'CARD_DECLINED' });
    const success = await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
    expect(success.json()).toMatchObject({ status: 'failed', message });
    expect(await countFor(student.email)).toEqual({
      users: 0,
      enrolments: 0,
      emails: 0,
      succeededPayments: 0,
    });
    // A declined intent can be retried with another card, as with Stripe.
    const retry = await confirm(intent.clientSecret, '4242424242424242');
    expect(retry.statusCode).toBe(200);
  });

  it('an abandoned payment creates nothing', async () => {
    const student = buyer();
    const intent = await startPayment(student);
    const success = await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
    expect(success.json()).toMatchObject({ status: 'pending' });
    expect(await countFor(student.email)).toEqual({
      users: 0,
      enrolments: 0,
      emails: 0,
      succeededPayments: 0,
    });
  });

  it.each([
    ['4242 4242 4242 4241', {}, 'Your card number is incorrect.'],
    ['4242 4242', {}, 'Your card number is incomplete.'],
    ['4242424242424242', { expiry: '01/20' }, "Your card's expiration date is in the past."],
    ['4242424242424242', { expiry: '13/40' }, "Your card's expiration date is incomplete."],
    ['4242424242424242', { cvc: '' }, "Your card's security code is incomplete."],
  ])('%s %o gets the field error "%s"', async (number, extra, message) => {
    const intent = await startPayment();
    const res = await confirm(intent.clientSecret, number, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'CARD_INVALID' });
  });

  it('refuses a forged client secret', async () => {
    const intent = await startPayment();
    const res = await confirm(`${intent.paymentIntentId}_secret_forged`, '4242424242424242');
    expect(res.statusCode).toBe(404);
  });

  it('4000 0027 6000 3184 needs 3-D Secure: Complete provisions, Fail does not', async () => {
    const ok = buyer();
    const intent = await startPayment(ok);
    const res = await confirm(intent.clientSecret, '4000 0027 6000 3184');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'requires_action',
      redirectUrl: expect.stringContaining(`/payment-authentication/${intent.paymentIntentId}`),
    });
    expect(
      (await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId })).json().status,
    ).toBe('requires_action');
    const done = await post('/api/test-payments/authenticate', {
      clientSecret: intent.clientSecret,
      outcome: 'complete',
    });
    expect(done.json()).toMatchObject({
      status: 'succeeded',
      redirectUrl: `/purchase-success?payment_intent=${intent.paymentIntentId}&redirect_status=succeeded`,
    });
    await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
    expect(await countFor(ok.email)).toEqual({ users: 1, enrolments: 1, emails: 1, succeededPayments: 1 });

    const failed = buyer();
    const second = await startPayment(failed);
    await confirm(second.clientSecret, '4000002760003184');
    const fail = await post('/api/test-payments/authenticate', {
      clientSecret: second.clientSecret,
      outcome: 'fail',
    });
    expect(fail.json()).toMatchObject({
      status: 'failed',
      redirectUrl: expect.stringContaining('redirect_status=failed'),
    });
    const check = await post('/api/payment-success', { paymentIntentId: second.paymentIntentId });
    expect(check.json()).toMatchObject({ status: 'failed' });
    expect(await countFor(failed.email)).toEqual({
      users: 0,
      enrolments: 0,
      emails: 0,
      succeededPayments: 0,
    });
  });

  it('never stores the card number', async () => {
    const intent = await startPayment();
    await confirm(intent.clientSecret, '4242424242424242');
    const [row] = await t.db
      .execute<{ dump: string }>(sql`SELECT row_to_json(p)::text AS dump FROM payments p`)
      .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { dump: string }[] }).rows));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });
});

describe('provisioning exactly once', () => {
  it('20 concurrent payment-success calls give one user, enrolment, payment and email', async () => {
    const student = buyer();
    const intent = await startPayment(student);
    await confirm(intent.clientSecret, '4242424242424242');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/payment-success', { paymentIntentId: intent.paymentIntentId }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json().status))).toEqual(new Set(['succeeded']));
    expect(await countFor(student.email)).toEqual({
      users: 1,
      enrolments: 1,
      emails: 1,
      succeededPayments: 1,
    });
  });

  it('an existing user gets the enrolment and a course-added email, not a new password', async () => {
    const existing = await t.createUser({ email: `existing${++seq}@example.com`, password: 'KeepMine123!' });
    const [before] = await t.db.select().from(users).where(eq(users.id, existing.id));
    const intent = await startPayment(buyer({ email: existing.email.toUpperCase() }));
    await confirm(intent.clientSecret, '4242424242424242');
    await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
    const [after] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(after!.mustChangePassword).toBe(false);
    const rows = await t.db.select().from(enrolments).where(eq(enrolments.userId, existing.id));
    expect(rows).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = ${existing.email}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('course_added');
    expect(mails[0]!.textBody).not.toContain('Temporary password');
  });

  it('the monthly plan charges the first instalment and records the rest due monthly', async () => {
    const intent = await startPayment(buyer(), fundamentalId, 'monthly');
    await confirm(intent.clientSecret, '4242424242424242');
    await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, intent.paymentIntentId));
    expect(payment).toMatchObject({ amountPence: 19999, plan: 'monthly', status: 'succeeded' });
    const rows = await t.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, payment!.id))
      .orderBy(paymentInstalments.sequence);
    expect(rows.map((r) => [r.sequence, r.amountPence, r.status])).toEqual(
      [2, 3, 4, 5, 6].map((n) => [n, 19999, 'scheduled']),
    );
    const months = rows.map((r) => Math.round((r.dueAt.getTime() - Date.now()) / (30.4 * 24 * 3600 * 1000)));
    expect(months).toEqual([1, 2, 3, 4, 5]);
  });

  it('the checkout page flow takes the email from the card form', async () => {
    const res = await post('/api/create-payment-intent', { courseId: fundamentalId });
    const intent = res.json();
    const email = `checkout${++seq}@example.com`;
    const noEmail = await confirm(intent.clientSecret, '4242424242424242');
    expect(noEmail.statusCode).toBe(400);
    const ok = await post('/api/test-payments/confirm', {
      clientSecret: intent.clientSecret,
      card: card('4242424242424242', { name: 'Owen Price' }),
      receiptEmail: email,
    });
    expect(ok.statusCode).toBe(200);
    await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Owen', lastName: 'Price' });
  });

  it('payment-success for an unknown intent is a 404, a missing id a 400', async () => {
    const res = await post('/api/payment-success', { paymentIntentId: 'pi_nope' });
    expect(res.statusCode).toBe(404);
    const bad = await post('/api/payment-success', {});
    expect(bad.statusCode).toBe(400);
  });

  it('refuses Stripe webhooks when Stripe is not configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('reconciliation (the worker behind the success page)', () => {
  const later = (ms: number) => new Date(Date.now() + ms);
  const reconcile = async (at: Date) => reconcilePayments(checkoutDeps(t.app), at);
  const payment = async (intentId: string) =>
    (await t.db.select().from(payments).where(eq(payments.providerIntentId, intentId)))[0]!;

  it('provisions a buyer who paid but never reached the success page, once', async () => {
    const student = buyer();
    const { clientSecret, paymentIntentId } = await startPayment(student);
    expect((await confirm(clientSecret, '4242424242424242')).statusCode).toBe(200);
    // The tab closed here. Straight away the payment is left alone: the success page may still come.
    await reconcile(new Date());
    expect(await countFor(student.email)).toMatchObject({ users: 0, enrolments: 0 });

    await reconcile(later(RECHECK_AFTER_MS + 60_000));
    expect(await countFor(student.email)).toEqual({
      users: 1,
      enrolments: 1,
      emails: 1,
      succeededPayments: 1,
    });
    expect((await post('/api/payment-success', { paymentIntentId })).json()).toMatchObject({
      status: 'succeeded',
    });
    await reconcile(later(2 * RECHECK_AFTER_MS + 60_000));
    expect(await countFor(student.email)).toEqual({
      users: 1,
      enrolments: 1,
      emails: 1,
      succeededPayments: 1,
    });
  });

  it.each([
    ['never paid', null],
    ['declined', '4000000000000002'],
    ['3-D Secure never completed', '4000002760003184'],
  ])(
    'closes a payment left open for 24 hours (%s) and forgets the buyer’s details',
    async (_case, number) => {
      const student = buyer();
      const { clientSecret, paymentIntentId } = await startPayment(student);
      if (number) await confirm(clientSecret, number);
      const before = await payment(paymentIntentId);

      // Younger than a day: still open, looked at again later.
      await reconcile(later(RECHECK_AFTER_MS + 60_000));
      expect(await payment(paymentIntentId)).toMatchObject({ status: before.status, email: student.email });

      await reconcile(later(ABANDON_AFTER_MS + 60_000));
      expect(await payment(paymentIntentId)).toMatchObject({
        status: 'canceled',
        email: '',
        studentData: {},
        failureMessage: ABANDONED_MESSAGE,
      });
      // It can no longer be paid.
      const late = await confirm(clientSecret, '4242424242424242');
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ message: 'This payment was cancelled.', code: 'BAD_REQUEST' });
      expect(await countFor(student.email)).toMatchObject({ users: 0, enrolments: 0 });
    },
  );
});
