// Changing a monthly plan's card through Stripe (stripe-node against the local fake of the Stripe API; webhooks
// signed with stripe-node's own generateTestHeaderString, no network): a SetupIntent for the plan's customer,
// confirmed in the browser, then made the customer's, the schedule's and the subscription's default card once,
// by the setup_intent.succeeded webhook or the browser's complete call, whichever comes first.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardChanges, paymentInstalments, payments } from '#server/db/schema/index.ts';
import { reconcilePayments } from '#server/features/checkout/index.ts';
import { createStripeTestApp, type FakeStripe, sendSignedWebhook } from '#server/test/fake-stripe.ts';
import { checkoutDeps } from '#server/test/feature-deps.ts';
import { buyerDetails, seedSaleCourse } from '#server/test/fixtures/purchases.ts';
import { settlePassword } from '#server/test/fixtures/teams.ts';
import type { TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { consentGiven } from '#shared/consent.ts';

const WEBHOOK_SECRET = 'whsec_card_change_secret';

let t: TestContext;
let fake: FakeStripe;
let close: () => Promise<void>;
let courseId: string;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp(WEBHOOK_SECRET));
  courseId = await seedSaleCourse(t.db);
});
afterAll(() => close());

const webhook = (type: string, object: unknown, id: string) =>
  sendSignedWebhook(t.app, WEBHOOK_SECRET, { type, object, id, apiVersion: '2025-03-31.basil' });

/** A monthly plan bought through Stripe, its schedule made (unless Stripe fails it), and its buyer signed in. */
async function stripePlan(options: { scheduleFails?: boolean } = {}) {
  const details = buyerDetails();
  const started = await api(t.app).post('/api/create-course-payment', {
    courseId,
    studentData: details,
    plan: 'monthly',
    consent: consentGiven(),
  });
  const { paymentIntentId } = started.json();
  // stripe-node tries three times: every one fails.
  if (options.scheduleFails) fake.failNext('/v1/subscription_schedules', 3);
  await webhook('payment_intent.succeeded', fake.succeed(paymentIntentId), `evt_${paymentIntentId}`);
  const [plan] = await t.db.select().from(payments).where(eq(payments.providerIntentId, paymentIntentId));
  const cookie = await t.login(await settlePassword(t.db, details.email, 'Buyer-Password-1'));
  return { plan: plan!, intent: fake.intents.get(paymentIntentId)!, me: api(t.app, { cookie }) };
}

describe('changing a monthly plan’s card through Stripe', () => {
  it('a SetupIntent for the plan’s customer; its webhook makes the new card the default once', async () => {
    const { plan, intent, me } = await stripePlan();
    const [instalment] = await t.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, plan.id))
      .limit(1);
    const schedule = fake.schedules.find((s) => s.id === instalment!.providerReference)!;
    expect(schedule).toBeDefined();
    schedule.subscription = 'sub_plan_live';
    const url = `/api/account/plans/${plan.id}/card-change`;

    const started = await me.post(url);
    expect(started.statusCode).toBe(200);
    const { setupId, clientSecret, cardChangeId } = started.json();
    expect(setupId).toMatch(/^seti_/);
    expect(clientSecret).toMatch(new RegExp(`^${setupId}_secret_`));
    const setup = fake.setups.get(setupId)!;
    expect(setup).toMatchObject({ customer: intent.customer, usage: 'off_session' });
    expect(setup.metadata).toMatchObject({ paymentId: plan.id, purpose: 'card_change' });
    const creates = fake.requests.filter((r) => r.path === '/v1/setup_intents');
    expect(creates.map((r) => r.idempotencyKey)).toEqual([`card-change-${cardChangeId}`]);
    // Asked again: the same setup, not a second one.
    expect((await me.post(url)).json()).toMatchObject({ setupId });
    expect(fake.requests.filter((r) => r.path === '/v1/setup_intents')).toHaveLength(1);

    // Before the browser confirmed it: nothing to apply.
    const early = await me.post(`${url}/complete`, { setupId });
    expect(early.json()).toMatchObject({ code: 'CARD_NOT_CONFIRMED' });

    // Stripe.js confirmed it with a new card; the webhook arrives twice, and the browser's call after it.
    const saved = fake.saveCard(setupId, 'pm_card_new', '4444');
    const first = await webhook('setup_intent.succeeded', saved, 'evt_seti_ok');
    expect(first.json()).toMatchObject({ outcome: 'processed' });
    expect((await webhook('setup_intent.succeeded', saved, 'evt_seti_ok')).json()).toMatchObject({
      outcome: 'duplicate',
    });
    expect((await me.post(`${url}/complete`, { setupId })).json()).toEqual({ cardLast4: '4444' });

    // The customer's, the schedule's and the subscription's default card, each set once.
    expect(fake.updates).toEqual([
      {
        path: `/v1/customers/${intent.customer}`,
        params: { invoice_settings: { default_payment_method: 'pm_card_new' } },
      },
      {
        path: `/v1/subscription_schedules/${schedule.id}`,
        params: { default_settings: { default_payment_method: 'pm_card_new' } },
      },
      { path: '/v1/subscriptions/sub_plan_live', params: { default_payment_method: 'pm_card_new' } },
    ]);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, plan.id));
    expect(after!.cardOnFile).toEqual({ last4: '4444', paymentMethodId: 'pm_card_new' });
    const rows = await t.db.select().from(cardChanges).where(eq(cardChanges.paymentId, plan.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', providerSetupId: setupId });

    // A setup that is not a card change (someone else's use of Stripe) is ignored.
    const stray = await webhook(
      'setup_intent.succeeded',
      { id: 'seti_other', object: 'setup_intent', status: 'succeeded', metadata: {} },
      'evt_seti_other',
    );
    expect(stray.json()).toMatchObject({ outcome: 'ignored' });
  });

  it('the browser’s complete call applies the card when it comes before the webhook', async () => {
    const { plan, me } = await stripePlan();
    const url = `/api/account/plans/${plan.id}/card-change`;
    const { setupId } = (await me.post(url)).json();
    const saved = fake.saveCard(setupId, 'pm_card_second', '1881');
    const updatesBefore = fake.updates.length;
    const completes = await Promise.all(
      Array.from({ length: 5 }, () => me.post(`${url}/complete`, { setupId })),
    );
    expect(completes.map((r) => r.json())).toEqual(Array(5).fill({ cardLast4: '1881' }));
    expect((await webhook('setup_intent.succeeded', saved, 'evt_seti_late')).json()).toMatchObject({
      outcome: 'duplicate',
    });
    const [after] = await t.db.select().from(payments).where(eq(payments.id, plan.id));
    expect(after!.cardOnFile).toEqual({ last4: '1881', paymentMethodId: 'pm_card_second' });
    expect(fake.updates.length).toBeGreaterThan(updatesBefore);
    expect(
      fake.updates.slice(updatesBefore).every((u) => JSON.stringify(u.params).includes('pm_card_second')),
    ).toBe(true);
  });

  it('a schedule Stripe makes only after the card was changed charges the new card, not the first payment’s', async () => {
    const { plan, intent, me } = await stripePlan({ scheduleFails: true });
    const schedulesOf = () =>
      fake.schedules.filter((s) => (s.metadata as Record<string, string>).paymentIntentId === intent.id);
    expect(schedulesOf()).toEqual([]);
    expect(intent.payment_method).toBe('pm_card_visa');

    // The buyer changes the card while there is no schedule yet: only the customer's default can move.
    const url = `/api/account/plans/${plan.id}/card-change`;
    const { setupId } = (await me.post(url)).json();
    fake.saveCard(setupId, 'pm_card_replacement', '5556');
    expect((await me.post(`${url}/complete`, { setupId })).json()).toEqual({ cardLast4: '5556' });
    const [changed] = await t.db.select().from(payments).where(eq(payments.id, plan.id));
    expect(changed!.cardOnFile).toEqual({ last4: '5556', paymentMethodId: 'pm_card_replacement' });

    // The reconciler makes the schedule later: it charges the new card.
    const result = await reconcilePayments(checkoutDeps(t.app), new Date(Date.now() + 60 * 60_000));
    expect(result.schedulesCreated).toBe(1);
    const [schedule, ...more] = schedulesOf();
    expect(more).toEqual([]);
    expect(schedule!.default_settings).toEqual({ default_payment_method: 'pm_card_replacement' });
    expect(schedule!.customer).toBe(intent.customer);
    const references = await t.db
      .select({ reference: paymentInstalments.providerReference })
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, plan.id));
    expect(new Set(references.map((r) => r.reference))).toEqual(new Set([schedule!.id]));
  }, 20_000);
});
