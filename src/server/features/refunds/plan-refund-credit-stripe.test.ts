// A VAT-registered seller's monthly plan refunded through Stripe, where Stripe fails one charge's part: the credit
// note credits the invoice of the charge that was refunded, not simply the newest invoice
// (docs/decisions/0023-plan-refund-credit-notes.md; stripe-node's signed webhooks against the local fake, no network).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, invoices, refundParts, refunds } from '#server/db/schema/index.ts';
import { VAT_REGISTERED } from '#server/test/fixtures/purchases.ts';
import {
  planWithPaidInstalments,
  type StripeMoney,
  settleAtStripe,
  stripeMoneyApp,
} from '#server/test/fixtures/stripe-purchases.ts';
import { api } from '#server/test/request.ts';

const MONTHLY = 25000;
let money: StripeMoney;

beforeAll(async () => {
  money = await stripeMoneyApp('whsec_plan_credit_secret', '2025-03-31.basil', { invoicing: VAT_REGISTERED });
});
afterAll(() => money.close());

describe("a VAT-registered plan's refund when Stripe fails one part", () => {
  it('credits the invoice of the charge that went back, once, and the failed charge can be refunded again', async () => {
    const { t, admin } = money;
    const { payment, invoices: charged } = await planWithPaidInstalments(money, 2, MONTHLY);
    const res = await api(t.app, { cookie: admin.cookie }).post(`/api/admin/payments/${payment.id}/refunds`, {
      amountPence: 2 * MONTHLY,
      reason: 'Two months back',
      endAccess: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { refundId } = res.json();
    const parts = await t.db.select().from(refundParts).where(eq(refundParts.refundId, refundId));
    const byCharge = new Map(parts.map((p) => [p.chargeRef, p]));
    // Newest first: payment 3's charge, then payment 2's. Stripe fails payment 3's.
    const third = byCharge.get(charged[1]!)!;
    const second = byCharge.get(charged[0]!)!;
    await settleAtStripe(money, third.providerRefundId!, 'failed', `evt_fail_${refundId}`);
    await settleAtStripe(money, second.providerRefundId!, 'succeeded', `evt_ok_${refundId}`);
    await settleAtStripe(money, second.providerRefundId!, 'succeeded', `evt_ok_${refundId}`);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row).toMatchObject({ status: 'succeeded', amountPence: MONTHLY });

    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.refundId, refundId));
    expect(notes).toHaveLength(1);
    const [credited] = await t.db
      .select({ instalmentId: invoices.instalmentId })
      .from(invoices)
      .where(inArray(invoices.id, [notes[0]!.invoiceId!]));
    expect(credited!.instalmentId).toBe(second.instalmentId);
    expect(notes[0]!.amountPence).toBe(MONTHLY);

    // Payment 3's charge is refunded next, onto its own invoice.
    const again = await api(t.app, { cookie: admin.cookie }).post(
      `/api/admin/payments/${payment.id}/refunds`,
      {
        amountPence: MONTHLY,
        reason: 'The third month too',
        endAccess: false,
      },
    );
    const [retried] = await t.db
      .select()
      .from(refundParts)
      .where(eq(refundParts.refundId, again.json().refundId));
    expect(retried!.chargeRef).toBe(charged[1]);
    await settleAtStripe(money, retried!.providerRefundId!, 'succeeded', `evt_ok_${again.json().refundId}`);
    const [next] = await t.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.refundId, again.json().refundId));
    const [nextInvoice] = await t.db
      .select({ instalmentId: invoices.instalmentId })
      .from(invoices)
      .where(eq(invoices.id, next!.invoiceId!));
    expect(nextInvoice!.instalmentId).toBe(third.instalmentId);
  });
});
