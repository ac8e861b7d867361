import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardChanges, courses, paymentInstalments, payments } from '#server/db/schema/index.ts';
import { instalmentDeps } from '#server/test/feature-deps.ts';
import { buyCourse } from '#server/test/fixtures/purchases.ts';
import { seedCourse } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { seedPlan } from './instalments.fixtures.ts';
import { runInstalments } from './instalments.service.ts';

// Changing a monthly plan's card at any time (README 'Failed instalments'), with the built-in test provider: the
// 4000 0000 0000 0341 card pays the first instalment and declines the later ones; after a change to a card that
// pays, the instalment clock's next try succeeds. Only the buyer may change it, once per confirmed card.

const DAY = 24 * 60 * 60 * 1000;
const DECLINES_LATER = '4000000000000341';
const card = (number: string) => ({ number, expiry: '12/40', cvc: '123', name: 'Jane Doe' });

let t: TestContext;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://learn.example.com', instalmentGraceDays: 14 });
  courseId = (await seedCourse(t.db, 'Kerb Laying Plan')).courseId;
  await t.db.update(courses).set({ monthlyPricePence: 3000, instalments: 4 }).where(eq(courses.id, courseId));
});
afterAll(() => t.close());

const run = (now: Date) => runInstalments(instalmentDeps(t.app), now);

async function buyer(cardNumber = DECLINES_LATER) {
  const user = await t.createUser();
  const bought = await buyCourse(t, courseId, { plan: 'monthly', email: user.email, cardNumber });
  const instalments = await t.db
    .select()
    .from(paymentInstalments)
    .where(eq(paymentInstalments.paymentId, bought.paymentId))
    .orderBy(paymentInstalments.sequence);
  return { ...bought, user, me: api(t.app, { cookie: await t.login(user) }), instalments };
}

const instalment = async (id: string) =>
  (await t.db.select().from(paymentInstalments).where(eq(paymentInstalments.id, id)))[0]!;

describe('changing a monthly plan’s card', () => {
  it('after a declining card, the new card is charged by the next retry and the next instalment', async () => {
    const b = await buyer();
    const url = `/api/account/plans/${b.paymentId}/card-change`;
    let [plan] = (await b.me.get('/api/account/plans')).json();
    expect(plan).toMatchObject({ cardLast4: '0341', cardChangeable: true });

    // The second instalment is declined on its due date.
    const [second, third] = b.instalments;
    expect(await run(new Date(second!.dueAt.getTime() + 60_000))).toMatchObject({ failed: 1 });
    const firstFailed = (await instalment(second!.id)).firstFailedAt!.getTime();

    const started = await b.me.post(url);
    expect(started.statusCode).toBe(200);
    const { setupId, clientSecret } = started.json();
    expect(setupId).toMatch(/^seti_test_/);
    // Not saved yet: completing is refused, and nothing changed.
    const early = await b.me.post(`${url}/complete`, { setupId });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CARD_NOT_CONFIRMED' });
    // A declined card and a wrong card number say so, and save nothing.
    const declined = await api(t.app).post('/api/test-payments/setup-confirm', {
      clientSecret,
      card: card('4000000000000002'),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    const wrong = await api(t.app).post('/api/test-payments/setup-confirm', {
      clientSecret,
      card: card('1234'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CARD_INVALID' });
    // Asking again gives the same setup.
    expect((await b.me.post(url)).json()).toMatchObject({ setupId, clientSecret });

    const saved = await api(t.app).post('/api/test-payments/setup-confirm', {
      clientSecret,
      card: card('5555555555554444'),
    });
    expect(saved.statusCode).toBe(200);
    const done = await b.me.post(`${url}/complete`, { setupId });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ cardLast4: '4444' });
    expect((await b.me.post(`${url}/complete`, { setupId })).json()).toEqual({ cardLast4: '4444' });
    const again = await api(t.app).post('/api/test-payments/setup-confirm', {
      clientSecret,
      card: card('4242424242424242'),
    });
    expect(again.json()).toMatchObject({ code: 'CARD_CHANGE_DONE' });
    [plan] = (await b.me.get('/api/account/plans')).json();
    expect(plan.cardLast4).toBe('4444');

    // Day 3: the retry charges the new card; the next instalment is charged on its due date.
    expect(await run(new Date(firstFailed + 3 * DAY))).toMatchObject({ charged: 1, failed: 0 });
    expect(await instalment(second!.id)).toMatchObject({ status: 'paid', attempts: 2 });
    expect(await run(new Date(third!.dueAt.getTime() + 60_000))).toMatchObject({ charged: 1, failed: 0 });
    expect(await instalment(third!.id)).toMatchObject({ status: 'paid', attempts: 1 });

    // A new change afterwards is a new setup.
    const next = (await b.me.post(url)).json();
    expect(next.setupId).not.toBe(setupId);
  });

  it('ten presses at once make one setup, and ten completions apply the card once', async () => {
    const b = await buyer('4242424242424242');
    const url = `/api/account/plans/${b.paymentId}/card-change`;
    const starts = await Promise.all(Array.from({ length: 10 }, () => b.me.post(url)));
    expect(starts.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(starts.map((r) => r.json().setupId)).size).toBe(1);
    const { setupId, clientSecret } = starts[0]!.json();
    await api(t.app).post('/api/test-payments/setup-confirm', { clientSecret, card: card(DECLINES_LATER) });
    const completes = await Promise.all(
      Array.from({ length: 10 }, () => b.me.post(`${url}/complete`, { setupId })),
    );
    expect(completes.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(completes.map((r) => r.json().cardLast4))).toEqual(new Set(['0341']));
    const rows = await t.db.select().from(cardChanges).where(eq(cardChanges.paymentId, b.paymentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', card: { last4: '0341', declinesLater: true } });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, b.paymentId));
    expect(payment!.cardOnFile).toEqual({ last4: '0341', declinesLater: true });
  });

  it('refuses other people, the signed out, ended plans and bad input', async () => {
    const b = await buyer('4242424242424242');
    const url = `/api/account/plans/${b.paymentId}/card-change`;
    const { setupId } = (await b.me.post(url)).json();

    // Someone else's plan does not exist for them, staff and admins included; signed out: 401.
    const other = api(t.app, { cookie: await t.login(await t.createUser()) });
    for (const res of [await other.post(url), await other.post(`${url}/complete`, { setupId })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PLAN_NOT_FOUND' });
    }
    const admin = api(t.app, { cookie: await t.login(await t.createUser({ role: 'admin' })) });
    expect((await admin.post(url)).statusCode).toBe(404);
    const anonymous = await api(t.app).post(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    // Their setup on someone else's plan is not found either.
    const theirs = await buyer('4242424242424242');
    const foreign = await theirs.me.post(`/api/account/plans/${theirs.paymentId}/card-change/complete`, {
      setupId,
    });
    expect(foreign.json()).toMatchObject({ code: 'CARD_CHANGE_NOT_FOUND' });

    // Bad input: 400 with a message and a code.
    for (const body of [{}, { setupId: '' }, { setupId: 'x'.repeat(201) }, { setupId: 42 }]) {
      const res = await b.me.post(`${url}/complete`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
    const noCard = await api(t.app).post('/api/test-payments/setup-confirm', { clientSecret: 'x' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await b.me.post('/api/account/plans/not-a-plan/card-change')).json()).toMatchObject({
      code: 'PLAN_NOT_FOUND',
    });

    // A plan refunded with access ended (its instalments cancelled), and a plan paid in full: 409 PLAN_NOT_ACTIVE.
    const finance = await signedInStaff(t, 'finance');
    const refunded = await api(t.app, { cookie: finance.cookie }).post(
      `/api/admin/payments/${b.paymentId}/refunds`,
      { reason: 'Changed their mind', endAccess: true },
    );
    expect(refunded.statusCode).toBe(201);
    const ended = await b.me.post(url);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({
      code: 'PLAN_NOT_ACTIVE',
      message: expect.stringContaining('cancelled'),
    });
    expect((await b.me.post(`${url}/complete`, { setupId })).json()).toMatchObject({
      code: 'PLAN_NOT_ACTIVE',
    });
    const [plan] = (await b.me.get('/api/account/plans')).json();
    expect(plan.cardChangeable).toBe(false);

    const paidUp = await seedPlan(t.db, b.user.id, { instalments: 2 });
    await t.db
      .update(paymentInstalments)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(paymentInstalments.paymentId, paidUp.paymentId));
    const finished = await b.me.post(`/api/account/plans/${paidUp.paymentId}/card-change`);
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toMatchObject({
      code: 'PLAN_NOT_ACTIVE',
      message: expect.stringContaining('paid in full'),
    });
  });
});
