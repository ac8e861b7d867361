// Card team orders through Stripe (stripe-node against the local fake): concurrent success reports and
// duplicate webhooks settle the order exactly once.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, invoices, teamOrders, users } from '#server/db/schema/index.ts';
import { createStripeTestApp, type FakeStripe } from '#server/test/fake-stripe.ts';
import { seedCourse, teamOrderBody } from '#server/test/fixtures/teams.ts';
import type { TestContext } from '#server/test/harness.ts';

const WEBHOOK_SECRET = 'whsec_team_secret';
const signer = new Stripe('sk_test_fake');

let t: TestContext;
let fake: FakeStripe;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp(WEBHOOK_SECRET));
});
afterAll(() => close());

function webhook(payload: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

describe('team orders paid through Stripe', () => {
  it('10 concurrent success reports and duplicate webhooks make one manager, one invoice, one receipt', async () => {
    const { courseId } = await seedCourse(t.db);
    const body = teamOrderBody(courseId, { seats: 2, payBy: 'card' });
    const created = await t.app.inject({ method: 'POST', url: '/api/team-orders', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const { paymentIntentId, orderId, amountPence } = created.json();
    expect(fake.intents.get(paymentIntentId)).toMatchObject({ amount: amountPence, currency: 'gbp' });

    const intent = fake.succeed(paymentIntentId);
    const event = JSON.stringify({
      id: 'evt_team_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/payment-success', payload: { paymentIntentId } }),
      ),
      webhook(event),
      webhook(event),
      webhook(event.replace('evt_team_1', 'evt_team_2')),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(13).fill(200));
    const outcomes = results.slice(10).map((r) => r.json().outcome);
    expect(outcomes.filter((o) => o === 'duplicate').length).toBeGreaterThanOrEqual(1);

    expect(await t.db.select().from(users).where(eq(users.email, body.buyer.email))).toHaveLength(1);
    expect((await t.db.select().from(teamOrders).where(eq(teamOrders.id, orderId)))[0]!.status).toBe('paid');
    expect(await t.db.select().from(invoices).where(eq(invoices.teamOrderId, orderId))).toHaveLength(1);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.buyer.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(['team_manager_credentials', 'team_receipt']);
  });
});
