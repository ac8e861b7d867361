import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courses,
  creditNotes,
  emailAttachments,
  emailOutbox,
  invoices,
  paymentInstalments,
  payments,
  refundParts,
  refunds,
} from '#server/db/schema/index.ts';
import { TestPaymentProvider } from '#server/features/checkout/index.ts';
import { buyCourse } from '#server/test/fixtures/purchases.ts';
import { seedCourse, VAT_INVOICING } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { pdfText, pdfToPng } from '#server/test/pdf-text.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { orderReference } from '#shared/consent.ts';

// Refunding a monthly plan whose later instalments each have their own VAT invoice
// (docs/decisions/0023-plan-refund-credit-notes.md): the refund is spread over the plan's invoices newest first, one
// credit note per invoice it touches, never more than is left of an invoice, whatever the clicks and webhooks do.

const card = { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Jane Doe' };

let t: TestContext;
let courseId: string;
let finance: { cookie: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://learn.example.com', invoicing: VAT_INVOICING });
  courseId = (await seedCourse(t.db, 'Plastering Plan')).courseId;
  await t.db.update(courses).set({ monthlyPricePence: 3000, instalments: 3 }).where(eq(courses.id, courseId));
  finance = await signedInStaff(t, 'finance');
});
afterAll(() => t.close());

const refund = (paymentId: string, body: object) =>
  api(t.app, { cookie: finance.cookie }).post(`/api/admin/payments/${paymentId}/refunds`, body);

/** The provider's word on a plan's next instalment (as Stripe's invoice.paid / invoice.payment_failed say it). */
const instalmentEvent = (intentId: string, instalmentId: string, status: 'paid' | 'failed') =>
  t.app.instalmentEvents(`evt_${status}_${instalmentId}`, {
    id: `in_${instalmentId}`,
    status,
    attemptCount: 1,
    planIntentId: intentId,
    subscriptionId: `sub_${intentId}`,
    amountPence: 3000,
  });

/** A plan of three £30.00 payments, all paid (each with its VAT invoice) unless `paidLater` is false. */
async function paidPlan(paidLater = true) {
  const user = await t.createUser();
  const bought = await buyCourse(t, courseId, { plan: 'monthly', email: user.email });
  const later = await t.db
    .select()
    .from(paymentInstalments)
    .where(eq(paymentInstalments.paymentId, bought.paymentId))
    .orderBy(paymentInstalments.sequence);
  if (paidLater) {
    for (const instalment of later) {
      expect(await instalmentEvent(bought.intentId, instalment.id, 'paid')).toBe('processed');
    }
  }
  const [first] = await t.db.select().from(invoices).where(eq(invoices.paymentId, bought.paymentId));
  const laterInvoices = later.length
    ? await t.db
        .select()
        .from(invoices)
        .where(
          inArray(
            invoices.instalmentId,
            later.map((i) => i.id),
          ),
        )
    : [];
  const bySequence = new Map(later.map((i) => [i.id, i.sequence]));
  const invoiceOf = (sequence: number) =>
    sequence === 1 ? first! : laterInvoices.find((inv) => bySequence.get(inv.instalmentId!) === sequence);
  return { ...bought, later, invoiceOf, me: api(t.app, { cookie: await t.login(user) }) };
}

const notesOfRefund = (refundId: string) =>
  t.db.select().from(creditNotes).where(eq(creditNotes.refundId, refundId)).orderBy(creditNotes.number);
const creditedOn = async (invoiceId: string) =>
  (
    await t.db
      .select({ n: sql<number>`coalesce(sum(${creditNotes.amountPence}), 0)::int` })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, invoiceId))
  )[0]!.n;

async function expectGapFree() {
  const numbers = (
    await t.db.select({ n: creditNotes.number }).from(creditNotes).orderBy(creditNotes.number)
  ).map((r) => r.n);
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
}

describe('refunding a monthly plan with an invoice per payment', () => {
  it('credits the newest invoices first, one note each, never beyond an invoice; 409 past what is left', async () => {
    const plan = await paidPlan();
    const [inv1, inv2, inv3] = [plan.invoiceOf(1)!, plan.invoiceOf(2)!, plan.invoiceOf(3)!];
    expect([inv1, inv2, inv3].every(Boolean)).toBe(true);

    // £45.00: all of payment 3's invoice, then half of payment 2's.
    const first = await refund(plan.paymentId, {
      amountPence: 4500,
      reason: 'Course moved',
      endAccess: false,
    });
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json();
    expect(body.creditNotes).toHaveLength(2);
    expect(body.creditNote).toEqual(body.creditNotes[0]);
    const notes = await notesOfRefund(body.refundId);
    expect(notes.map((n) => [n.invoiceId, n.amountPence, n.netPence, n.vatPence])).toEqual([
      [inv3.id, 3000, 2500, 500],
      [inv2.id, 1500, 1250, 250],
    ]);

    // The buyer's Billing: half the plan refunded, both credit notes to download.
    const [order] = (await plan.me.get('/api/account/orders')).json();
    expect(order).toMatchObject({ status: 'partially_refunded', refundedPence: 4500 });
    expect(order.creditNotes).toEqual(body.creditNotes);

    // Asking for more than is left is refused, and credits nothing.
    const before = (await t.db.select().from(creditNotes)).length;
    const over = await refund(plan.paymentId, { amountPence: 4501, reason: 'Too much', endAccess: false });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'REFUND_EXCEEDS_REMAINDER',
      message: 'Only £45.00 of this payment is left to refund.',
    });
    expect((await t.db.select().from(creditNotes)).length).toBe(before);

    // The rest: what is left of payment 2's invoice (its VAT making up the invoice's), then payment 1's.
    const rest = await refund(plan.paymentId, { reason: 'Cancelled by phone', endAccess: true });
    expect(rest.json()).toMatchObject({ status: 'succeeded', amountPence: 4500 });
    const restNotes = await notesOfRefund(rest.json().refundId);
    expect(restNotes.map((n) => [n.invoiceId, n.amountPence, n.vatPence])).toEqual([
      [inv2.id, 1500, 250],
      [inv1.id, 3000, 500],
    ]);
    for (const invoice of [inv1, inv2, inv3]) expect(await creditedOn(invoice.id)).toBe(3000);
    expect(
      (await refund(plan.paymentId, { amountPence: 1, reason: 'More', endAccess: false })).statusCode,
    ).toBe(409);
    await expectGapFree();

    // Each note is the buyer's PDF: the invoice it credits, the plan's payment, the order reference, the split.
    const pdf = await plan.me.get(`/api/credit-notes/${restNotes[0]!.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    // Rendered to PNG to be looked at (test-results/credit-notes/), each note of the refund.
    for (const note of restNotes) {
      const file = await plan.me.get(`/api/credit-notes/${note.id}.pdf`);
      expect(pdfToPng(file.rawPayload, `test-results/credit-notes/plan-CN-${note.number}`)).toMatch(/\.png$/);
    }
    for (const field of [
      `INV-${String(inv2.number).padStart(6, '0')}`,
      'monthly plan (payment 2 of 3)',
      orderReference(plan.paymentId),
      'Refunded £45.00',
      `the rest is credited on CN-${String(restNotes[1]!.number).padStart(6, '0')}`,
      '£15.00',
      '£2.50',
    ]) {
      expect(text).toContain(field);
    }
    const stranger = api(t.app, { cookie: await t.login(await t.createUser()) });
    expect((await stranger.get(`/api/credit-notes/${restNotes[0]!.id}.pdf`)).statusCode).toBe(404);

    // One email per refund, with every credit note attached.
    const mails = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, plan.email))).filter(
      (m) => m.kind === 'refund',
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const files = await t.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, mail.id));
      expect(files.map((f) => f.filename)).toEqual([
        expect.stringMatching(/^credit-note-CN-\d{6}\.pdf$/),
        expect.stringMatching(/^credit-note-CN-\d{6}\.pdf$/),
      ]);
      expect(mail.textBody).toMatch(/Credit notes CN-\d{6} and CN-\d{6} are attached/);
    }

    // The ledger: a row per credit note, and the refund's own row naming both.
    const csv = (await api(t.app, { cookie: finance.cookie }).get('/api/admin/ledger.csv')).body;
    for (const note of [...notes, ...restNotes]) {
      const pounds = (pence: number) => (pence / 100).toFixed(2);
      expect(csv).toContain(
        `"credit note","CN-${String(note.number).padStart(6, '0')}","${plan.email}","${pounds(note.netPence)}","${pounds(note.vatPence)}","${pounds(note.amountPence)}"`,
      );
    }
    const labels = notes.map((n) => `CN-${String(n.number).padStart(6, '0')}`).join(' ');
    expect(csv).toContain(`"refund","${labels}","${plan.email}","37.50","7.50","45.00"`);
  }, 30_000);

  it('ten clicks at once make one refund and its notes; duplicate webhooks change nothing; racing refunds never over-credit', async () => {
    const plan = await paidPlan();
    const body = { amountPence: 6000, reason: 'Double-charged', endAccess: false };
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(plan.paymentId, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().refundId)).size).toBe(1);
    const [row, ...others] = await t.db.select().from(refunds).where(eq(refunds.paymentId, plan.paymentId));
    expect(others).toEqual([]);
    expect((await notesOfRefund(row!.id)).map((n) => n.invoiceId)).toEqual([
      plan.invoiceOf(3)!.id,
      plan.invoiceOf(2)!.id,
    ]);
    const event = {
      id: row!.providerRefundId!,
      status: 'succeeded' as const,
      amountPence: 6000,
      intentId: plan.intentId,
      metadata: { refundId: row!.id },
    };
    const redelivered = await Promise.all(
      Array.from({ length: 5 }, (_, i) => t.app.refundEvents(`evt_plan_dup_${i % 2}`, event)),
    );
    expect(redelivered).toEqual(Array(5).fill('duplicate'));
    expect(await notesOfRefund(row!.id)).toHaveLength(2);
    // The built-in provider, like Stripe, was asked once per charge, newest first, each confirmed by its own event.
    const parts = await t.db.select().from(refundParts).where(eq(refundParts.refundId, row!.id));
    expect(parts.map((p) => [p.chargeRef, p.amountPence, p.status]).sort()).toEqual(
      [
        [`in_${plan.later[1]!.id}`, 3000, 'succeeded'],
        [`in_${plan.later[0]!.id}`, 3000, 'succeeded'],
      ].sort(),
    );
    expect(new Set(parts.map((p) => p.providerRefundId)).size).toBe(2);
    // It refuses a refund larger than its charge, as Stripe does.
    const provider = new TestPaymentProvider(t.db, 'secret');
    await expect(
      provider.createRefund({
        chargeRef: `in_${plan.later[0]!.id}`,
        amountPence: 3001,
        metadata: {},
        idempotencyKey: 'k',
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'PROVIDER_REFUSED' });

    // Ten different refunds of £10.00 race for the £30.00 left: three go through, the rest are 409.
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(plan.paymentId, { amountPence: 1000, reason: `Goodwill ${i}`, endAccess: false }),
      ),
    );
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await creditedOn(plan.invoiceOf(1)!.id)).toBe(3000);
    expect(await creditedOn(plan.invoiceOf(2)!.id)).toBe(3000);
    expect(await creditedOn(plan.invoiceOf(3)!.id)).toBe(3000);
    await expectGapFree();
  }, 30_000);

  it('the database refuses a note beyond its invoice, or a second note of one refund on one invoice', async () => {
    const plan = await paidPlan();
    const done = await refund(plan.paymentId, { amountPence: 2000, reason: 'Part', endAccess: false });
    const [note] = await notesOfRefund(done.json().refundId);
    const max = (await t.db.select({ n: sql<number>`max(number)::int` }).from(creditNotes))[0]!.n;
    const fields = { ...note!, id: undefined, issuedAt: undefined };
    // Payment 3's invoice has £10.00 left: £10.01 more is refused (another refund's note).
    const other = await t.db
      .insert(refunds)
      .values({
        paymentId: plan.paymentId,
        requestKey: `manual-${max}`,
        amountPence: 1001,
        reason: 'x',
        endAccess: false,
        source: 'staff',
      })
      .returning();
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'inserted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    const extra = (values: Partial<typeof creditNotes.$inferInsert>) =>
      t.db.insert(creditNotes).values({ ...fields, number: max + 1, ...values });
    expect(await refusal(extra({ refundId: other[0]!.id, amountPence: 1001 }))).toMatch(
      /more than is left of its invoice/,
    );
    // The same refund's second note on the same invoice.
    expect(await refusal(extra({ amountPence: 1 }))).toMatch(/credit_notes_refund_invoice_uq/);
    // Exactly what is left would go in (rolled back: the series' counter did not hand out this number).
    const rolledBack = new Error('rolled back');
    const inserted = await t.db
      .transaction(async (tx) => {
        await tx
          .insert(creditNotes)
          .values({ ...fields, number: max + 1, refundId: other[0]!.id, amountPence: 1000 });
        throw rolledBack;
      })
      .catch((error: unknown) => error);
    expect(inserted).toBe(rolledBack);
    expect(await creditedOn(note!.invoiceId)).toBe(2000);
  });

  it('an overdue instalment the buyer paid with another card is refunded and credited with that payment, not twice', async () => {
    const plan = await paidPlan(false);
    const second = plan.later[0]!;
    expect(await instalmentEvent(plan.intentId, second.id, 'failed')).toBe('processed');
    const started = (await plan.me.post(`/api/account/instalments/${second.id}/payment`)).json();
    await plan.me.post('/api/test-payments/confirm', { clientSecret: started.clientSecret, card });
    await plan.me.post('/api/payment-success', { paymentIntentId: started.paymentIntentId });
    const [recovery] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, started.paymentIntentId));
    const [invoice2] = await t.db.select().from(invoices).where(eq(invoices.instalmentId, second.id));
    expect(invoice2).toBeDefined();

    // The plan's own refund is its first payment only, on the first invoice.
    const planRefund = await refund(plan.paymentId, { reason: 'Leaving', endAccess: false });
    expect(planRefund.json()).toMatchObject({ status: 'succeeded', amountPence: 3000 });
    expect((await notesOfRefund(planRefund.json().refundId)).map((n) => n.invoiceId)).toEqual([
      plan.invoiceOf(1)!.id,
    ]);

    // The buyer's payment of the overdue amount credits that instalment's invoice.
    const recoveryRefund = await refund(recovery!.id, { reason: 'Leaving', endAccess: false });
    expect(recoveryRefund.json()).toMatchObject({ status: 'succeeded', amountPence: 3000 });
    expect((await notesOfRefund(recoveryRefund.json().refundId)).map((n) => n.invoiceId)).toEqual([
      invoice2!.id,
    ]);
    expect(
      (await refund(recovery!.id, { amountPence: 1, reason: 'Again', endAccess: false })).statusCode,
    ).toBe(409);
    expect(
      (await refund(plan.paymentId, { amountPence: 1, reason: 'Again', endAccess: false })).statusCode,
    ).toBe(409);
  }, 30_000);
});
