// A monthly plan's refund through Stripe is split over the charges it paid with, newest first
// (docs/decisions/0023-plan-refund-credit-notes.md): one refunds.create per charge with its own idempotency key, each
// confirmed by its own signed webhook (stripe-node's generateTestHeaderString; the local fake of the Stripe API
// refuses a refund larger than what is left of its charge, as Stripe does; no network).
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
import {
  planWithPaidInstalments as paidPlan,
  type StripeMoney,
  settleAtStripe as settle,
  stripeMoneyApp,
} from '#server/test/fixtures/stripe-purchases.ts';
import type { TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';

const WEBHOOK_SECRET = 'whsec_plan_refund_secret';
const MONTHLY = 25000;

let money: StripeMoney;
let t: TestContext;
let fake: FakeStripe;
let courseId: string;
let admin: { cookie: string };

beforeAll(async () => {
  money = await stripeMoneyApp(WEBHOOK_SECRET, '2025-03-31.basil');
  ({ t, fake, courseId, admin } = money);
});
afterAll(() => money.close());

const webhook = (type: string, object: unknown, id: string) => money.webhook(type, object, id);

const planWithPaidInstalments = (later: number) => paidPlan(money, later, MONTHLY);

const refund = (paymentId: string, body: Record<string, unknown>) =>
  api(t.app, { cookie: admin.cookie }).post(`/api/admin/payments/${paymentId}/refunds`, body);

const partsOf = (refundId: string) =>
  t.db.select().from(refundParts).where(eq(refundParts.refundId, refundId));
const refundRow = async (id: string) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
const refundCalls = (refundId: string) =>
  fake.requests.filter(
    (r) => r.path === '/v1/refunds' && r.idempotencyKey?.startsWith(`refund-${refundId}-`),
  );

const settleAtStripe = (providerRefundId: string, status: 'succeeded' | 'failed', eventId: string) =>
  settle(money, providerRefundId, status, eventId);

describe("a monthly plan's refund through Stripe", () => {
  it('ten clicks: one refund, one Stripe refund per charge newest first; succeeded only once every webhook came', async () => {
    const { payment, invoices } = await planWithPaidInstalments(2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(payment.id, { reason: 'Plan ended', endAccess: true })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const { refundId } = answers[0]!.json();
    expect(new Set(answers.map((a) => a.json().refundId))).toEqual(new Set([refundId]));
    expect(answers[0]!.json()).toMatchObject({ status: 'pending', amountPence: 3 * MONTHLY });

    // Newest charge first: payment 3's invoice, payment 2's, then the first payment; each key names its charge.
    const charges = [invoices[1]!, invoices[0]!, payment.providerIntentId!];
    expect(refundCalls(refundId).map((r) => r.idempotencyKey)).toEqual(
      charges.map((c) => `refund-${refundId}-${c}`),
    );
    const intentsRefunded = [
      fake.paidInvoices.get(invoices[1]!)!.intentId,
      fake.paidInvoices.get(invoices[0]!)!.intentId,
      payment.providerIntentId,
    ];
    const parts = await partsOf(refundId);
    expect(parts).toHaveLength(3);
    const byCharge = new Map(parts.map((p) => [p.chargeRef, p]));
    charges.forEach((charge, i) => {
      const part = byCharge.get(charge)!;
      expect(part).toMatchObject({ amountPence: MONTHLY, status: 'pending' });
      expect(fake.refunds.get(part.providerRefundId!)).toMatchObject({
        amount: MONTHLY,
        payment_intent: intentsRefunded[i],
        metadata: { refundId, refundPartId: part.id },
      });
    });

    const enrolled = async () =>
      (
        await t.db
          .select()
          .from(enrolments)
          .where(and(eq(enrolments.userId, payment.userId!), eq(enrolments.courseId, courseId)))
      ).length;
    const [newest, middle, first] = charges.map((c) => byCharge.get(c)!.providerRefundId!);
    expect((await settleAtStripe(newest!, 'succeeded', 'evt_part_1')).json().outcome).toBe('processed');
    expect((await settleAtStripe(middle!, 'succeeded', 'evt_part_2')).json().outcome).toBe('processed');
    // Two of three parts back: still pending, access unchanged, nothing emailed.
    expect((await refundRow(refundId)).status).toBe('pending');
    expect(await enrolled()).toBe(1);
    // A redelivered event and a second event for a settled part change nothing.
    const again = await Promise.all([
      webhook('refund.updated', fake.refunds.get(middle!), 'evt_part_2'),
      webhook('refund.updated', fake.refunds.get(middle!), 'evt_part_2_again'),
    ]);
    expect(again.map((r) => r.json().outcome)).toEqual(['duplicate', 'duplicate']);

    // The last part's webhook, delivered twice at once: the refund succeeds once.
    fake.refunds.get(first!)!.status = 'succeeded';
    const last = await Promise.all([
      webhook('refund.updated', fake.refunds.get(first!), 'evt_part_3'),
      webhook('refund.updated', fake.refunds.get(first!), 'evt_part_3_again'),
    ]);
    expect(last.map((r) => r.json().outcome).sort()).toEqual(['duplicate', 'processed']);
    expect(await refundRow(refundId)).toMatchObject({ status: 'succeeded', amountPence: 3 * MONTHLY });
    expect(await enrolled()).toBe(0);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, payment.email));
    expect(mails.filter((m) => m.kind === 'refund')).toHaveLength(1);
    const left = await t.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, payment.id));
    expect(left.filter((i) => i.status !== 'paid').every((i) => i.status === 'canceled')).toBe(true);
  });

  it('a part spans what is left: two refunds at once never take more than a charge; the total is refused beyond', async () => {
    const { payment, invoices } = await planWithPaidInstalments(1);
    // £300 of £500: all of payment 2's charge, then £50 of the first payment's.
    const [a, b] = await Promise.all([
      refund(payment.id, { amountPence: MONTHLY + 5000, reason: 'Part one', endAccess: false }),
      refund(payment.id, { amountPence: MONTHLY - 5000, reason: 'Part two', endAccess: false }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    const all = [...(await partsOf(a!.json().refundId)), ...(await partsOf(b!.json().refundId))];
    const takenOf = (charge: string) =>
      all.filter((p) => p.chargeRef === charge).reduce((sum, p) => sum + p.amountPence, 0);
    expect(takenOf(invoices[0]!)).toBe(MONTHLY);
    expect(takenOf(payment.providerIntentId!)).toBe(MONTHLY);
    // Stripe accepted every part (none larger than what was left of its charge).
    expect(all.every((p) => p.providerRefundId && p.status === 'pending')).toBe(true);
    const more = await refund(payment.id, { amountPence: 1, reason: 'One penny more', endAccess: false });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'REFUND_EXCEEDS_REMAINDER' });
  });

  it('a part Stripe fails: the refund succeeds for what went back, and the rest can be refunded again', async () => {
    const { payment, invoices } = await planWithPaidInstalments(1);
    const res = await refund(payment.id, { reason: 'Cancelled plan', endAccess: false });
    const { refundId } = res.json();
    const parts = new Map((await partsOf(refundId)).map((p) => [p.chargeRef, p]));
    await settleAtStripe(parts.get(invoices[0]!)!.providerRefundId!, 'failed', `evt_fail_${refundId}`);
    expect((await refundRow(refundId)).status).toBe('pending');
    await settleAtStripe(
      parts.get(payment.providerIntentId!)!.providerRefundId!,
      'succeeded',
      `evt_ok_${refundId}`,
    );
    expect(await refundRow(refundId)).toMatchObject({ status: 'succeeded', amountPence: MONTHLY });
    const again = await refund(payment.id, { reason: 'Cancelled plan, again', endAccess: false });
    expect(again.json()).toMatchObject({ status: 'pending', amountPence: MONTHLY });
    const retried = await partsOf(again.json().refundId);
    expect(retried.map((p) => p.chargeRef)).toEqual([invoices[0]]);
  });
});
