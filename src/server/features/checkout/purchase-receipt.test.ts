import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, payments } from '#server/db/schema/index.ts';
import { buyerDetails, buyTeamSeats, seedSaleCourse } from '#server/test/fixtures/purchases.ts';
import { settlePassword } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { consentGiven, orderReference } from '#shared/consent.ts';
import { formatDate } from '#shared/format.ts';

// The buyer's side (docs/product.md#checkout, #invoices-and-receipts): the success page's outcome for a new
// account, an existing account and a team order; a receipt email for every purchase; a monthly plan's schedule.

let t: TestContext;
let courseId: string;
let otherCourseId: string;

beforeAll(async () => {
  t = await createTestApp();
  courseId = await seedSaleCourse(t.db, {
    title: 'Solar Installs',
    monthlyPricePence: 25000,
    instalments: 6,
  });
  otherCourseId = await seedSaleCourse(t.db, { title: 'Heat Pumps' });
});
afterAll(async () => {
  await t.close();
});

/** Pays with the test card and reports success as the success page does; returns its answer. */
async function pay(course: string, studentData = buyerDetails(), plan: 'onetime' | 'monthly' = 'onetime') {
  const client = api(t.app);
  const started = await client.post('/api/create-course-payment', {
    courseId: course,
    studentData,
    plan,
    consent: consentGiven(),
  });
  expect(started.statusCode, started.body).toBe(200);
  const { clientSecret, paymentIntentId } = started.json();
  const card = { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Jane Doe' };
  expect((await client.post('/api/test-payments/confirm', { clientSecret, card })).statusCode).toBe(200);
  const first = await client.post('/api/payment-success', { paymentIntentId });
  const again = await client.post('/api/payment-success', { paymentIntentId });
  return { first: first.json(), again: again.json(), email: studentData.email, paymentIntentId };
}

const mailsTo = (email: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)));

describe('the success page is told what the purchase did', () => {
  it('a new buyer: new_account, also when the page is reloaded', async () => {
    const paid = await pay(courseId);
    expect(paid.first).toMatchObject({ status: 'succeeded', outcome: 'new_account' });
    expect(paid.again).toMatchObject({ status: 'succeeded', outcome: 'new_account' });
    expect(await mailsTo(paid.email, 'credentials')).toHaveLength(1);
  });

  it('an existing account: existing_account, and the course-added email carries the receipt', async () => {
    const user = await t.createUser({ firstName: 'Kim' });
    const paid = await pay(otherCourseId, buyerDetails(user.email));
    expect(paid.first).toMatchObject({ status: 'succeeded', outcome: 'existing_account' });
    expect(paid.again.outcome).toBe('existing_account');
    const [mail] = await mailsTo(user.email, 'course_added');
    expect(mail!.textBody).toMatch(/Your order TS-[0-9A-F]{8}: Heat Pumps, £1,200\.00\./);
  });

  it('buying a course the account already has still sends a receipt', async () => {
    const user = await t.createUser();
    await pay(otherCourseId, buyerDetails(user.email));
    const paid = await pay(otherCourseId, buyerDetails(user.email));
    expect(paid.first.outcome).toBe('existing_account');
    const receipts = await mailsTo(user.email, 'purchase_receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your receipt for Heat Pumps');
    expect(receipts[0]!.textBody).toContain('Heat Pumps, £1,200.00.');
  });

  it('a team order: team_order', async () => {
    const team = await buyTeamSeats(t, otherCourseId, 2);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, team.paymentId));
    const res = await api(t.app).post('/api/payment-success', { paymentIntentId: payment!.providerIntentId });
    expect(res.json()).toMatchObject({ status: 'succeeded', outcome: 'team_order' });
  });

  it('a payment that did not succeed has no outcome', async () => {
    const client = api(t.app);
    const started = await client.post('/api/create-course-payment', {
      courseId,
      studentData: buyerDetails(),
      plan: 'onetime',
      consent: consentGiven(),
    });
    const res = await client.post('/api/payment-success', {
      paymentIntentId: started.json().paymentIntentId,
    });
    expect(res.json().status).not.toBe('succeeded');
    expect(res.json().outcome).toBeNull();
  });
});

describe('the receipt of a monthly plan', () => {
  it('lists the schedule in Billing and in the email', async () => {
    const paid = await pay(courseId, buyerDetails(), 'monthly');
    const cookie = await t.login(await settlePassword(t.db, paid.email, 'Buyer-Password-1'));
    const [order] = (await api(t.app, { cookie }).get('/api/account/orders')).json();
    expect(order).toMatchObject({ plan: 'monthly', amountPence: 25000, invoice: null });
    expect(order.schedule).toHaveLength(6);
    expect(order.schedule[0]).toMatchObject({ sequence: 1, status: 'paid', amountPence: 25000 });
    const due = order.schedule.slice(1).map((s: { dueAt: string }) => new Date(s.dueAt));
    for (const [i, s] of order.schedule.slice(1).entries()) {
      expect(s).toMatchObject({ sequence: i + 2, status: 'scheduled', amountPence: 25000 });
    }
    // One a month after the first payment.
    const paidAt = new Date(order.schedule[0].dueAt);
    due.forEach((d: Date, i: number) => {
      const expected = new Date(paidAt);
      expected.setUTCMonth(expected.getUTCMonth() + i + 1);
      expect(Math.abs(d.getTime() - expected.getTime())).toBeLessThan(60_000);
    });
    const [mail] = await mailsTo(paid.email, 'credentials');
    expect(mail!.textBody).toContain(`Your order ${order.reference}`);
    expect(mail!.textBody).toContain(
      `the first of 6 monthly payments of £250.00; the others are due on ${due.map(formatDate).join(', ')}`,
    );
    expect(order.reference).toBe(orderReference(order.paymentId));
  });
});
