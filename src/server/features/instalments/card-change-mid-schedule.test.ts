// A buyer changes their monthly plan's card while the plan's instalment schedule is being made at Stripe (the
// payment_intent.succeeded webhook settling the first payment): whichever finishes first, the schedule ends on the
// new card, and neither the schedule nor the change is made twice (README 'Failed instalments'). Through the real
// app, stripe-node against the local fake of the Stripe API, which holds a request until the test lets it through.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardChanges, paymentInstalments, payments } from '#server/db/schema/index.ts';
import { reconcilePayments } from '#server/features/checkout/index.ts';
import { checkoutDeps } from '#server/test/feature-deps.ts';
import { buyerDetails } from '#server/test/fixtures/purchases.ts';
import { type StripeMoney, stripeMoneyApp } from '#server/test/fixtures/stripe-purchases.ts';
import { settlePassword } from '#server/test/fixtures/teams.ts';
import { api } from '#server/test/request.ts';
import { consentGiven } from '#shared/consent.ts';

let money: StripeMoney;

beforeAll(async () => {
  money = await stripeMoneyApp('whsec_mid_schedule_secret', '2025-03-31.basil');
});
afterAll(() => money.close());

/**
 * A monthly plan whose first payment's webhook is settling, its schedule's creation held at Stripe: the buyer is
 * enrolled (the settlement committed) and signed in; `scheduled` is the webhook's answer.
 */
async function planWhileScheduleIsMade() {
  const { t, fake, webhook } = money;
  const details = buyerDetails();
  const started = await api(t.app).post('/api/create-course-payment', {
    courseId: money.courseId,
    studentData: details,
    plan: 'monthly',
    consent: consentGiven(),
  });
  const { paymentIntentId } = started.json();
  const hold = fake.holdNext('/v1/subscription_schedules');
  const intent = fake.succeed(paymentIntentId);
  const scheduled = webhook('payment_intent.succeeded', intent, `evt_${paymentIntentId}`);
  await hold.reached;
  const [plan] = await t.db.select().from(payments).where(eq(payments.providerIntentId, paymentIntentId));
  const cookie = await t.login(await settlePassword(t.db, details.email, 'Buyer-Password-1'));
  const url = `/api/account/plans/${plan!.id}/card-change`;
  return { plan: plan!, intent, hold, scheduled, me: api(t.app, { cookie }), url };
}

/** The plan's one schedule at Stripe, and what the plan's rows say. */
async function afterwards(planId: string, intentId: string) {
  const { t, fake } = money;
  const schedules = fake.schedules.filter(
    (s) => (s.metadata as Record<string, string>).paymentIntentId === intentId,
  );
  const references = await t.db
    .select({ reference: paymentInstalments.providerReference })
    .from(paymentInstalments)
    .where(eq(paymentInstalments.paymentId, planId));
  const [plan] = await t.db.select().from(payments).where(eq(payments.id, planId));
  const changes = await t.db.select().from(cardChanges).where(eq(cardChanges.paymentId, planId));
  return { schedules, references: new Set(references.map((r) => r.reference)), plan: plan!, changes };
}

/** Everything said again: the payment's webhook, the setup's, and the reconciler's run; nothing new is made. */
async function redeliverEverything(intent: Record<string, unknown>, saved: Record<string, unknown>) {
  const { t, webhook } = money;
  const again = await Promise.all([
    webhook('payment_intent.succeeded', intent, `evt_${intent.id}`),
    webhook('payment_intent.succeeded', intent, `evt_${intent.id}_again`),
    webhook('setup_intent.succeeded', saved, `evt_${saved.id}_late`),
  ]);
  expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  const later = await reconcilePayments(checkoutDeps(t.app), new Date(Date.now() + 60 * 60_000));
  expect(later.schedulesCreated).toBe(0);
}

describe('a card change landing while the instalment schedule is being made', () => {
  it('the change is saved before the schedule is: the schedule is moved onto the new card once made', async () => {
    const { fake } = money;
    const { plan, intent, hold, scheduled, me, url } = await planWhileScheduleIsMade();
    const { setupId } = (await me.post(url)).json();
    const saved = fake.saveCard(setupId, 'pm_card_early', '1117');
    // The browser's call and Stripe's webhook, at once: applied once.
    const [complete, event] = await Promise.all([
      me.post(`${url}/complete`, { setupId }),
      money.webhook('setup_intent.succeeded', saved, `evt_${setupId}`),
    ]);
    expect(complete.json()).toEqual({ cardLast4: '1117' });
    expect(['processed', 'duplicate']).toContain(event.json().outcome);
    hold.release();
    expect((await scheduled).statusCode).toBe(200);

    const after = await afterwards(plan.id, intent.id as string);
    expect(after.schedules).toHaveLength(1);
    expect(after.schedules[0]!.default_settings).toEqual({ default_payment_method: 'pm_card_early' });
    expect(after.references).toEqual(new Set([after.schedules[0]!.id]));
    expect(after.plan.cardOnFile).toEqual({ last4: '1117', paymentMethodId: 'pm_card_early' });
    expect(after.changes.map((c) => c.status)).toEqual(['succeeded']);
    await redeliverEverything(intent, saved);
    expect((await afterwards(plan.id, intent.id as string)).schedules).toHaveLength(1);
  });

  it('the schedule is made while the change is still being saved: the change moves it onto the new card', async () => {
    const { fake } = money;
    const { plan, intent, hold, scheduled, me, url } = await planWhileScheduleIsMade();
    const { setupId } = (await me.post(url)).json();
    const saved = fake.saveCard(setupId, 'pm_card_late', '3220');
    // The change has found no schedule and is telling Stripe the customer's new card when the schedule is made,
    // and checkout reads the plan's card before the change has saved it.
    const customerHold = fake.holdNext(`/v1/customers/${intent.customer}`);
    const complete = me.post(`${url}/complete`, { setupId });
    await customerHold.reached;
    hold.release();
    expect((await scheduled).statusCode).toBe(200);
    const [made] = (await afterwards(plan.id, intent.id as string)).schedules;
    expect(made!.default_settings).toEqual({ default_payment_method: 'pm_card_visa' });
    customerHold.release();
    expect((await complete).json()).toEqual({ cardLast4: '3220' });

    const after = await afterwards(plan.id, intent.id as string);
    expect(after.schedules).toHaveLength(1);
    expect(after.schedules[0]!.default_settings).toEqual({ default_payment_method: 'pm_card_late' });
    expect(after.references).toEqual(new Set([after.schedules[0]!.id]));
    expect(after.plan.cardOnFile).toEqual({ last4: '3220', paymentMethodId: 'pm_card_late' });
    expect(after.changes.map((c) => c.status)).toEqual(['succeeded']);
    await redeliverEverything(intent, saved);
    expect((await afterwards(plan.id, intent.id as string)).schedules).toHaveLength(1);
  });
});
