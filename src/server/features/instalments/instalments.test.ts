import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, emailOutbox, paymentInstalments, payments } from '#server/db/schema/index.ts';
import { instalmentDeps } from '#server/test/feature-deps.ts';
import { buyCourse } from '#server/test/fixtures/purchases.ts';
import { seedCourse } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { runInstalments } from './instalments.service.ts';

// A failed monthly instalment walked with a test clock (docs/product.md#failed-instalments): the built-in test
// provider's 4000 0000 0000 0341 pays the first instalment and declines the later ones.

const DAY = 24 * 60 * 60 * 1000;
const DECLINES_LATER = '4000000000000341';
const card = { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Jane Doe' };

let t: TestContext;
let courseId: string;
let topicId: string;
let finance: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://learn.example.com', instalmentGraceDays: 14 });
  const seeded = await seedCourse(t.db, 'Groundworks Plan');
  courseId = seeded.courseId;
  topicId = seeded.topicIds[0]!;
  await t.db.update(courses).set({ monthlyPricePence: 3000, instalments: 4 }).where(eq(courses.id, courseId));
  finance = await signedInStaff(t, 'finance');
});
afterAll(() => t.close());

const run = (now: Date) => runInstalments(instalmentDeps(t.app), now);

async function buyer() {
  const user = await t.createUser();
  const bought = await buyCourse(t, courseId, {
    plan: 'monthly',
    email: user.email,
    cardNumber: DECLINES_LATER,
  });
  expect(bought.userId).toBe(user.id);
  const rows = await t.db
    .select()
    .from(paymentInstalments)
    .where(eq(paymentInstalments.paymentId, bought.paymentId))
    .orderBy(paymentInstalments.sequence);
  return { ...bought, cookie: await t.login(user), instalments: rows };
}

const instalment = async (id: string) =>
  (await t.db.select().from(paymentInstalments).where(eq(paymentInstalments.id, id)))[0]!;

describe('failed instalments', () => {
  it('fails, retries on days 3, 7 and 14, pauses after the grace period, defaults; paying with another card restores access at once', async () => {
    const b = await buyer();
    expect(b.instalments).toHaveLength(3);
    const second = b.instalments[0]!;
    const due = second.dueAt.getTime();
    const me = api(t.app, { cookie: b.cookie });
    const content = () => me.get(`/api/modules?courseId=${courseId}`);
    expect((await content()).statusCode).toBe(200);

    // Not due yet: nothing happens.
    expect(await run(new Date(due - DAY))).toMatchObject({ charged: 0, failed: 0 });
    // Due: the card on file declines. The buyer is emailed a link to the overdue page; the next try is day 3.
    expect(await run(new Date(due + 60_000))).toMatchObject({ failed: 1 });
    let row = await instalment(second.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    const firstFailed = row.firstFailedAt!.getTime();
    expect(row.nextRetryAt!.getTime()).toBe(firstFailed + 3 * DAY);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, b.email));
    const failedMail = mails.filter((m) => m.kind === 'instalment_failed');
    expect(failedMail).toHaveLength(1);
    expect(failedMail[0]!.textBody).toContain(`https://learn.example.com/billing/overdue/${second.id}`);
    // A second run the same day does nothing more.
    expect(await run(new Date(due + 2 * 60_000))).toMatchObject({ failed: 0 });

    // The retries: day 3 and day 7 fail; access continues within the grace period.
    for (const [day, attempts] of [
      [3, 2],
      [7, 3],
    ] as const) {
      expect(await run(new Date(firstFailed + day * DAY - 60_000))).toMatchObject({ failed: 0 });
      expect(await run(new Date(firstFailed + day * DAY))).toMatchObject({ failed: 1 });
      row = await instalment(second.id);
      expect(row).toMatchObject({ status: 'failed', attempts });
      expect((await content()).statusCode).toBe(200);
    }
    expect(row.nextRetryAt!.getTime()).toBe(firstFailed + 14 * DAY);
    const listed = await me.get('/api/account/instalments/overdue');
    expect(listed.json()).toEqual([
      expect.objectContaining({
        instalmentId: second.id,
        status: 'overdue',
        accessPaused: false,
        amountPence: 3000,
      }),
    ]);

    // Day 14: the final retry fails → defaulted; the grace period is over → paused, progress kept.
    expect(await run(new Date(firstFailed + 14 * DAY))).toMatchObject({ defaulted: 1, paused: 1 });
    row = await instalment(second.id);
    expect(row).toMatchObject({ status: 'defaulted', attempts: 4, nextRetryAt: null });
    const refused = await content();
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_OVERDUE', paymentId: b.paymentId });
    expect((await me.get(`/api/topics/${topicId}`)).json()).toMatchObject({ code: 'PAYMENT_OVERDUE' });
    expect(
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'instalment_failed')),
    ).toHaveLength(4);
    expect(await run(new Date(firstFailed + 15 * DAY))).toMatchObject({ failed: 0, defaulted: 0, paused: 0 });

    // Finance sees the plan defaulted.
    const listedForFinance = await api(t.app, { cookie: finance.cookie }).get('/api/admin/payments');
    const plan = listedForFinance.json().items.find((p: { id: string }) => p.id === b.paymentId);
    expect(plan).toMatchObject({ kind: 'monthly', planStanding: 'defaulted' });

    // The schedule in Billing.
    const plans = (await me.get('/api/account/plans')).json();
    expect(plans[0]).toMatchObject({ paymentId: b.paymentId, accessPaused: true, cardLast4: '0341' });
    expect(plans[0].schedule.map((s: { status: string }) => s.status)).toEqual([
      'paid',
      'defaulted',
      'due',
      'due',
    ]);

    // Pay with another card: pressed ten times at once → one payment; confirmed ten times at once → charged
    // once; the success call ten times at once settles it once.
    const starts = await Promise.all(
      Array.from({ length: 10 }, () => me.post(`/api/account/instalments/${second.id}/payment`)),
    );
    for (const r of starts) expect(r.statusCode, r.body).toBe(200);
    const a = starts[0]!;
    expect(new Set(starts.map((r) => r.json().paymentIntentId)).size).toBe(1);
    expect(a.json().amountPence).toBe(3000);
    const confirms = await Promise.all(
      Array.from({ length: 10 }, () =>
        me.post('/api/test-payments/confirm', { clientSecret: a.json().clientSecret, card }),
      ),
    );
    expect(confirms.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(confirms.filter((r) => r.statusCode === 400)).toHaveLength(9);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        me.post('/api/payment-success', { paymentIntentId: a.json().paymentIntentId }),
      ),
    );
    row = await instalment(second.id);
    expect(row.status).toBe('paid');
    const recovery = await t.db.select().from(payments).where(eq(payments.id, row.recoveryPaymentId!));
    expect(recovery).toHaveLength(1);
    expect(recovery[0]).toMatchObject({ status: 'succeeded', amountPence: 3000, userId: b.userId });
    // Access is back at once; the plan is no longer in default; the new card takes the next instalment.
    expect((await content()).statusCode).toBe(200);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, b.paymentId));
    expect(after).toMatchObject({
      accessPausedAt: null,
      planDefaultedAt: null,
      cardOnFile: { last4: '4242' },
    });
    expect((await me.post(`/api/account/instalments/${second.id}/payment`)).json()).toMatchObject({
      code: 'INSTALMENT_NOT_OVERDUE',
    });
    // The buyer's orders list the plan once, not the overdue payment as an order of its own.
    const orders = (await me.get('/api/account/orders')).json();
    expect(orders.filter((o: { courseId: string }) => o.courseId === courseId)).toHaveLength(1);
    const third = b.instalments[1]!;
    expect(await run(new Date(third.dueAt.getTime() + 60_000))).toMatchObject({ charged: 1, failed: 0 });
    expect((await instalment(third.id)).status).toBe('paid');
  });

  it("another student can neither see nor pay someone else's overdue instalment", async () => {
    const b = await buyer();
    const second = b.instalments[0]!;
    await run(new Date(second.dueAt.getTime() + 60_000));
    expect((await instalment(second.id)).status).toBe('failed');
    const other = await t.createUser();
    const them = api(t.app, { cookie: await t.login(other) });
    for (const res of [
      await them.get(`/api/account/instalments/${second.id}`),
      await them.post(`/api/account/instalments/${second.id}/payment`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('INSTALMENT_NOT_FOUND');
    }
    expect((await them.get('/api/account/instalments/overdue')).json()).toEqual([]);
    expect((await them.get('/api/account/plans')).json()).toEqual([]);
    expect((await api(t.app).get(`/api/account/instalments/${second.id}`)).statusCode).toBe(401);
    expect(
      (await api(t.app, { cookie: b.cookie }).get('/api/account/instalments/not-a-uuid')).statusCode,
    ).toBe(404);
    expect((await instalment(second.id)).recoveryPaymentId).toBeNull();
  });

  it('a duplicate instalment webhook, or one for an attempt already recorded, changes nothing', async () => {
    const b = await buyer();
    const second = b.instalments[0]!;
    const invoice = {
      id: `in_${second.id.slice(0, 8)}`,
      status: 'failed' as const,
      attemptCount: 1,
      planIntentId: b.intentId,
      subscriptionId: 'sub_1',
      amountPence: 3000,
    };
    expect(await t.app.instalmentEvents('evt_fail_1', invoice)).toBe('processed');
    expect(await t.app.instalmentEvents('evt_fail_1', invoice)).toBe('duplicate');
    // Another event for the same attempt (Stripe sends invoice.payment_failed and others per attempt).
    expect(await t.app.instalmentEvents('evt_fail_1b', invoice)).toBe('processed');
    const row = await instalment(second.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, providerInvoiceId: invoice.id });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, b.email));
    expect(mails.filter((m) => m.kind === 'instalment_failed')).toHaveLength(1);
    // Stripe's retry succeeds: paid once, however often it is told.
    const paid = { ...invoice, status: 'paid' as const, attemptCount: 2 };
    await Promise.all([t.app.instalmentEvents('evt_paid', paid), t.app.instalmentEvents('evt_paid', paid)]);
    expect(await t.app.instalmentEvents('evt_paid_again', paid)).toBe('processed');
    expect(await instalment(second.id)).toMatchObject({ status: 'paid', attempts: 1 });
  });
});
