// Refunds through Stripe (stripe-node against the local fake of the Stripe API; webhooks signed with stripe-node's
// own generateTestHeaderString, no network): refunds.create with an idempotency key, confirmed by the webhook.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  enrolments,
  paymentInstalments,
  refundParts,
  refunds,
} from '#server/db/schema/index.ts';
import type { FakeStripe } from '#server/test/fake-stripe.ts';
import { paidAtStripe, type StripeMoney, stripeMoneyApp } from '#server/test/fixtures/stripe-purchases.ts';
import type { TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { askUnaskedParts } from './refunds.service.ts';

const WEBHOOK_SECRET = 'whsec_refund_secret';

let money: StripeMoney;
let t: TestContext;
let fake: FakeStripe;
let courseId: string;
let admin: { cookie: string };

beforeAll(async () => {
  money = await stripeMoneyApp(WEBHOOK_SECRET);
  ({ t, fake, courseId, admin } = money);
});
afterAll(() => money.close());

const webhook = (type: string, object: unknown, id: string) => money.webhook(type, object, id);

/** The Stripe refund a (single-charge) refund was asked as. */
async function stripeRefundOf(refundId: string) {
  const [part] = await t.db.select().from(refundParts).where(eq(refundParts.refundId, refundId));
  return fake.refunds.get(part!.providerRefundId!)!;
}

describe('refunds through Stripe', () => {
  it('ten clicks make one refunds.create; the webhook confirms it once; duplicates change nothing', async () => {
    const payment = await paidAtStripe(money, 'monthly');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api(t.app, { cookie: admin.cookie }).post(`/api/admin/payments/${payment.id}/refunds`, {
          reason: 'Changed mind',
          endAccess: true,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(answers[0]!.json()).toMatchObject({ status: 'pending', amountPence: 25000, creditNote: null });
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(created).toHaveLength(1);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(created[0]!.idempotencyKey).toBe(`refund-${row!.id}-${payment.providerIntentId}`);
    const stripeRefund = await stripeRefundOf(row!.id);
    expect(stripeRefund).toMatchObject({ amount: 25000, payment_intent: payment.providerIntentId });
    // Nothing happens before Stripe confirms.
    const enrolled = () =>
      t.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, payment.userId!), eq(enrolments.courseId, courseId)));
    expect(await enrolled()).toHaveLength(1);

    stripeRefund.status = 'succeeded';
    const first = await webhook('refund.updated', stripeRefund, 'evt_refund_1');
    expect(first.json()).toMatchObject({ outcome: 'processed' });
    const again = await Promise.all([
      webhook('refund.updated', stripeRefund, 'evt_refund_1'),
      webhook('refund.updated', stripeRefund, 'evt_refund_2'),
    ]);
    expect(again.map((r) => r.json().outcome)).toEqual(['duplicate', 'duplicate']);
    expect(await enrolled()).toHaveLength(0);
    const [done] = await t.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(done!.status).toBe('succeeded');
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, payment.email));
    expect(mails.filter((m) => m.kind === 'refund')).toHaveLength(1);
    // The monthly plan's schedule is cancelled at Stripe and its instalments here.
    const cancels = fake.requests.filter((r) => /^\/v1\/subscription_schedules\/\w+\/cancel$/.test(r.path));
    expect(cancels).toHaveLength(1);
    const plan = await t.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, payment.id));
    expect(plan.every((i) => i.status === 'canceled')).toBe(true);
  });

  it('a failed refund at Stripe gives nothing back and frees the amount for another', async () => {
    const payment = await paidAtStripe(money, 'onetime');
    const res = await api(t.app, { cookie: admin.cookie }).post(`/api/admin/payments/${payment.id}/refunds`, {
      reason: 'Goodwill',
      endAccess: false,
    });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, res.json().refundId));
    const stripeRefund = await stripeRefundOf(row!.id);
    stripeRefund.status = 'failed';
    expect((await webhook('refund.updated', stripeRefund, 'evt_refund_failed')).json().outcome).toBe(
      'processed',
    );
    const [failed] = await t.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(failed!.status).toBe('failed');
    const retry = await api(t.app, { cookie: admin.cookie }).post(
      `/api/admin/payments/${payment.id}/refunds`,
      {
        reason: 'Goodwill, again',
        endAccess: false,
      },
    );
    expect(retry.json()).toMatchObject({ status: 'pending', amountPence: payment.amountPence });
  });

  it('Stripe unreachable: the refund waits, is sent again later with the same key, and counts once', async () => {
    const payment = await paidAtStripe(money, 'onetime');
    // stripe-node tries three times (maxNetworkRetries 2): every try answers 500.
    fake.failNext('/v1/refunds', 3);
    const res = await api(t.app, { cookie: admin.cookie }).post(`/api/admin/payments/${payment.id}/refunds`, {
      reason: 'Stripe was down',
      endAccess: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', amountPence: payment.amountPence });
    const [part] = await t.db.select().from(refundParts).where(eq(refundParts.refundId, res.json().refundId));
    // Not failed: Stripe may have made it; not yet known to Stripe's side of our records.
    expect(part).toMatchObject({ status: 'pending', providerRefundId: null });

    const sent = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    const before = sent().length;
    expect(await askUnaskedParts(t.app.refundDeps, new Date(Date.now() + 3 * 60_000))).toBe(1);
    expect(
      sent()
        .slice(before)
        .map((r) => r.idempotencyKey),
    ).toEqual([`refund-${res.json().refundId}-${payment.providerIntentId}`]);
    const stripeRefund = await stripeRefundOf(res.json().refundId);
    stripeRefund.status = 'succeeded';
    await webhook('refund.updated', stripeRefund, `evt_refund_after_outage_${payment.id}`);
    await webhook('refund.updated', stripeRefund, `evt_refund_after_outage_${payment.id}`);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, res.json().refundId));
    expect(row).toMatchObject({ status: 'succeeded', amountPence: payment.amountPence });
    expect(await askUnaskedParts(t.app.refundDeps, new Date(Date.now() + 3 * 60_000))).toBe(0);
  });
});
