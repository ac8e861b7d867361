import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courses,
  emailAttachments,
  emailOutbox,
  invoices,
  paymentInstalments,
} from '#server/db/schema/index.ts';
import { instalmentDeps } from '#server/test/feature-deps.ts';
import { buyCourse } from '#server/test/fixtures/purchases.ts';
import { seedCourse, VAT_INVOICING } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { orderReference } from '#shared/consent.ts';
import { runInstalments } from './instalments.service.ts';

// VAT invoices for a monthly plan's later instalments (README 'Failed instalments'): with VAT_NUMBER set, each paid
// instalment gets its own, once (a unique key per instalment), in the same gap-free series as every invoice, in
// Billing and emailed with the PDF, however many charges, webhooks and payments of the overdue amount race.

const DECLINES_LATER = '4000000000000341';
const card = { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Jane Doe' };

let t: TestContext;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://learn.example.com', invoicing: VAT_INVOICING });
  courseId = (await seedCourse(t.db, 'Drylining Plan')).courseId;
  await t.db.update(courses).set({ monthlyPricePence: 3000, instalments: 3 }).where(eq(courses.id, courseId));
});
afterAll(() => t.close());

const run = (now: Date) => runInstalments(instalmentDeps(t.app), now);

async function buyer(cardNumber: string) {
  const user = await t.createUser();
  const bought = await buyCourse(t, courseId, { plan: 'monthly', email: user.email, cardNumber });
  const rows = await t.db
    .select()
    .from(paymentInstalments)
    .where(eq(paymentInstalments.paymentId, bought.paymentId))
    .orderBy(paymentInstalments.sequence);
  return { ...bought, me: api(t.app, { cookie: await t.login(user) }), instalments: rows };
}

const invoicesOf = (instalmentIds: string[]) =>
  t.db.select().from(invoices).where(inArray(invoices.instalmentId, instalmentIds));

async function expectGapFree() {
  const numbers = (await t.db.select({ n: invoices.number }).from(invoices).orderBy(invoices.number)).map(
    (r) => r.n,
  );
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
}

describe('VAT invoices for later instalments', () => {
  it('each paid instalment gets one, in Billing, downloadable and emailed, once however often it is settled', async () => {
    const b = await buyer(card.number);
    const [second, third] = b.instalments;
    // The job in ten processes at once, and Stripe-style paid events (twice each) for the same instalment.
    const due = new Date(second!.dueAt.getTime() + 60_000);
    const paidEvent = {
      id: 'in_second',
      status: 'paid' as const,
      attemptCount: 1,
      planIntentId: b.intentId,
      subscriptionId: 'sub_1',
      amountPence: 3000,
    };
    await Promise.all([
      ...Array.from({ length: 10 }, () => run(due)),
      ...Array.from({ length: 5 }, (_, i) => t.app.instalmentEvents(`evt_paid_${i % 3}`, paidEvent)),
    ]);
    expect(
      (await t.db.select().from(paymentInstalments).where(eq(paymentInstalments.id, second!.id)))[0],
    ).toMatchObject({ status: 'paid' });
    const [invoice, ...more] = await invoicesOf([second!.id, third!.id]);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      instalmentId: second!.id,
      paymentId: null,
      teamOrderId: null,
      vatRate: 20,
    });
    await expectGapFree();

    // In Billing beside its payment, the first payment's invoice too.
    const [plan] = (await b.me.get('/api/account/plans')).json();
    expect(plan.schedule[0].invoice).toMatchObject({ number: expect.stringMatching(/^INV-\d{6}$/) });
    expect(plan.schedule[1].invoice).toEqual({
      id: invoice!.id,
      number: `INV-${String(invoice!.number).padStart(6, '0')}`,
    });
    expect(plan.schedule[2].invoice).toBeNull();

    // The PDF: a full VAT invoice for payment 2 of 3, £30.00 with its VAT.
    const pdf = await b.me.get(`/api/invoices/${invoice!.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    // The plan's order reference, as the first payment's invoice and the receipt show it.
    for (const field of [
      'VAT invoice',
      'monthly plan (payment 2 of 3)',
      '£30.00',
      '£5.00',
      '£25.00',
      `Order reference: ${orderReference(b.paymentId)}`,
    ]) {
      expect(text).toContain(field);
    }
    // Nobody else may read it.
    const other = api(t.app, { cookie: await t.login(await t.createUser()) });
    expect((await other.get(`/api/invoices/${invoice!.id}.pdf`)).statusCode).toBe(404);

    // Emailed once, the PDF attached.
    const mails = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, b.email))).filter(
      (m) => m.kind === 'instalment_receipt',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(plan.schedule[1].invoice.number);
    const files = await t.db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, mails[0]!.id));
    expect(files.map((f) => f.filename)).toEqual([`vat-invoice-${plan.schedule[1].invoice.number}.pdf`]);

    // The accountant's ledger lists it.
    const finance = await signedInStaff(t, 'finance');
    const csv = (await api(t.app, { cookie: finance.cookie }).get('/api/admin/ledger.csv')).body;
    expect(csv).toContain(plan.schedule[1].invoice.number);
  });

  it('an overdue instalment paid by the buyer with another card gets one invoice, however often it is settled', async () => {
    const b = await buyer(DECLINES_LATER);
    const second = b.instalments[0]!;
    expect(await run(new Date(second.dueAt.getTime() + 60_000))).toMatchObject({ failed: 1 });
    expect(await invoicesOf([second.id])).toEqual([]);
    const started = (await b.me.post(`/api/account/instalments/${second.id}/payment`)).json();
    await b.me.post('/api/test-payments/confirm', { clientSecret: started.clientSecret, card });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        b.me.post('/api/payment-success', { paymentIntentId: started.paymentIntentId }),
      ),
    );
    const issued = await invoicesOf([second.id]);
    expect(issued).toHaveLength(1);
    await expectGapFree();
  });
});
