import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, enrolments, paymentInstalments, payments, users } from '#server/db/schema/index.ts';
import { checkoutDeps } from '#server/test/feature-deps.ts';
import type { TestContext } from '#server/test/harness.ts';
import { buyer, type CheckoutKit, card, checkoutHelpers, checkoutKit, consent } from './checkout.fixtures.ts';
import {
  ABANDON_AFTER_MS,
  ABANDONED_MESSAGE,
  RECHECK_AFTER_MS,
  reconcilePayments,
} from './reconcile.service.ts';

const kit: CheckoutKit = checkoutKit();
const { post, startPayment, confirm, countFor } = checkoutHelpers(kit);
let t: TestContext;
let fundamentalId: string;
let seq = 0;
beforeEach(() => {
  ({ t, fundamentalId } = kit);
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
    const res = await post('/api/create-payment-intent', { consent, courseId: fundamentalId });
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
