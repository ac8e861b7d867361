import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, payments, users } from '#server/db/schema/index.ts';
import type { TestContext } from '#server/test/harness.ts';
import { buyer, type CheckoutKit, checkoutHelpers, checkoutKit, consent } from './checkout.fixtures.ts';

const kit: CheckoutKit = checkoutKit();
const { post, startPayment, confirm, countFor } = checkoutHelpers(kit);
let t: TestContext;
let fundamentalId: string;
let upskillId: string;
let inactiveId: string;
beforeEach(() => {
  ({ t, fundamentalId, upskillId, inactiveId } = kit);
});

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
      consent,
      courseId: fundamentalId,
      studentData: buyer(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
  });

  it('requires company and job title for an upskill course only', async () => {
    const noCompany = await post('/api/create-course-payment', {
      consent,
      courseId: upskillId,
      studentData: buyer({ jobTitle: 'Supervisor', company: '  ' }),
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json()).toEqual({
      message: 'Please fill in all required fields',
      code: 'VALIDATION_FAILED',
    });
    const noJobTitle = await post('/api/create-course-payment', {
      consent,
      courseId: upskillId,
      studentData: buyer({ company: 'Acme Drains' }),
    });
    expect(noJobTitle.statusCode).toBe(400);
    const ok = await post('/api/create-course-payment', {
      consent,
      courseId: upskillId,
      studentData: buyer({ company: 'Acme Drains', jobTitle: 'Supervisor' }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ amount: '1495.00', courseTitle: 'CCTV Surveying', currency: 'gbp' });
  });

  it('answers 404 for an unknown course, 400 for an inactive one and for a bad plan', async () => {
    for (const courseId of ['00000000-0000-4000-8000-000000000000', 'drop table']) {
      const res = await post('/api/create-course-payment', { consent, courseId, studentData: buyer() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Course not found', code: 'NOT_FOUND' });
    }
    const inactive = await post('/api/create-course-payment', {
      consent,
      courseId: inactiveId,
      studentData: buyer(),
    });
    expect(inactive.statusCode).toBe(400);
    const badPlan = await post('/api/create-course-payment', {
      consent,
      courseId: fundamentalId,
      studentData: buyer(),
      plan: 'weekly',
    });
    expect(badPlan.statusCode).toBe(400);
  });

  it('takes the amount from the course and plan, never from the client', async () => {
    const res = await post('/api/create-course-payment', {
      consent,
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
    const res = await post('/api/create-payment-intent', { consent, courseId: fundamentalId, amount: 5 });
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
      outcome: 'new_account',
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
