import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, invoices, payments } from '#server/db/schema/index.ts';
import { buyCourse, buyTeamSeats, seedSaleCourse } from '#server/test/fixtures/purchases.ts';
import { settlePassword, VAT_INVOICING } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { consentGiven, orderReference } from '#shared/consent.ts';

// VAT invoices for individual card purchases (docs/product.md#invoices-and-receipts): with VAT_NUMBER set, each
// purchase gets one, numbered once from the team invoices' gap-free series, downloadable by its buyer only.

let t: TestContext;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({
    invoicing: VAT_INVOICING,
  });
  courseId = await seedSaleCourse(t.db, { title: 'Cable Jointing', pricePence: 149500 });
});
afterAll(async () => {
  await t.close();
});

async function signedInBuyer(email: string) {
  return t.login(await settlePassword(t.db, email, 'Buyer-Password-1'));
}

const allNumbers = async () =>
  (await t.db.select({ n: invoices.number }).from(invoices).orderBy(invoices.number)).map((r) => r.n);

describe('VAT invoice for an individual card purchase', () => {
  it('is issued with the payment, listed in Billing and downloadable as a full VAT invoice', async () => {
    const purchase = await buyCourse(t, courseId);
    const cookie = await signedInBuyer(purchase.email);
    const orders = (await api(t.app, { cookie }).get('/api/account/orders')).json();
    expect(orders).toHaveLength(1);
    const invoice = orders[0].invoice;
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.paymentId, purchase.paymentId));
    expect(row).toMatchObject({ id: invoice.id, vatRate: 20, teamOrderId: null });

    const res = await api(t.app, { cookie }).get(`/api/invoices/${invoice.id}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`vat-invoice-${invoice.number}.pdf`);
    const text = pdfText(res.rawPayload);
    for (const field of [
      'VAT invoice',
      `Invoice number: ${invoice.number}`,
      'Tax point:',
      'TradeSkills Training Ltd',
      'VAT number: GB987654321',
      'Jane Doe',
      purchase.email,
      'Cable Jointing: online course',
      'Unit price (excl. VAT)',
      // £1,495.00: VAT £249.17 by the VAT fraction, net £1,245.83; 1 × £1,245.83 = £1,245.83.
      '£1,245.83',
      'VAT at 20%',
      '£249.17',
      '£1,495.00',
      'Paid in full on',
      `Order reference: ${orderReference(purchase.paymentId)}`,
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).not.toContain('Payment terms');
    // The welcome email names it.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, purchase.email));
    expect(mails.map((m) => m.textBody).join('\n')).toContain(`Your VAT invoice ${invoice.number}`);
  });

  it('another student, a team manager and staff without finance are told it does not exist; signed out 401', async () => {
    const purchase = await buyCourse(t, courseId);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.paymentId, purchase.paymentId));
    const url = `/api/invoices/${row!.id}.pdf`;
    expect((await api(t.app).get(url)).statusCode).toBe(401);
    const other = await buyCourse(t, courseId);
    const otherCookie = await signedInBuyer(other.email);
    const refused = await api(t.app, { cookie: otherCookie }).get(url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Invoice not found', code: 'INVOICE_NOT_FOUND' });
    const team = await buyTeamSeats(t, courseId, 2);
    const managerCookie = await signedInBuyer(team.email);
    expect((await api(t.app, { cookie: managerCookie }).get(url)).statusCode).toBe(404);
    const tutor = await signedInStaff(t, 'tutor');
    expect((await api(t.app, { cookie: tutor.cookie }).get(url)).statusCode).toBe(404);
    const finance = await signedInStaff(t, 'finance');
    expect((await api(t.app, { cookie: finance.cookie }).get(url)).statusCode).toBe(200);
    // The accountant's ledger lists it: £1,495.00 = £1,245.83 net + £249.17 VAT, by card.
    const ledger = (await api(t.app, { cookie: finance.cookie }).get('/api/admin/ledger.csv')).body;
    const label = `INV-${String(row!.number).padStart(6, '0')}`;
    expect(ledger).toContain(`"invoice","${label}","${purchase.email}","1245.83","249.17","1495.00","card"`);
    expect((await api(t.app, { cookie: otherCookie }).get('/api/invoices/not-a-uuid.pdf')).statusCode).toBe(
      404,
    );
  });

  it('ten confirmations at once number it exactly once; the series stays gap-free beside team invoices', async () => {
    const before = await allNumbers();
    const client = api(t.app);
    const started = await client.post('/api/create-course-payment', {
      courseId,
      plan: 'onetime',
      consent: consentGiven(),
      studentData: {
        firstName: 'Ali',
        lastName: 'Race',
        email: `race-${Date.now()}@example.com`,
        phoneNumber: '07700 900123',
        experienceLevel: 'beginner',
      },
    });
    const { clientSecret, paymentIntentId } = started.json();
    const card = { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Ali Race' };
    expect((await client.post('/api/test-payments/confirm', { clientSecret, card })).statusCode).toBe(200);
    const reports = await Promise.all(
      Array.from({ length: 10 }, () => client.post('/api/payment-success', { paymentIntentId })),
    );
    for (const res of reports) expect(res.json().status).toBe('succeeded');
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, paymentIntentId));
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentId, payment!.id))).toHaveLength(1);
    // A team invoice and two more purchases between, all from the one counter.
    await buyTeamSeats(t, courseId, 2);
    await Promise.all([buyCourse(t, courseId), buyCourse(t, courseId)]);
    const after = await allNumbers();
    expect(after.length - before.length).toBe(4);
    expect(after).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
  });

  it('the database refuses a second invoice for the same payment, and one with no subject or two', async () => {
    const purchase = await buyCourse(t, courseId);
    const [team] = await t.db.select().from(invoices).where(sql`${invoices.teamOrderId} is not null`);
    const next = (await allNumbers()).length + 100;
    await expect(
      t.db.insert(invoices).values({ number: next, paymentId: purchase.paymentId, vatRate: 20 }),
    ).rejects.toThrow();
    await expect(t.db.insert(invoices).values({ number: next + 1 })).rejects.toThrow();
    await expect(
      t.db.insert(invoices).values({
        number: next + 2,
        paymentId: (await buyCourse(t, courseId)).paymentId,
        teamOrderId: team!.teamOrderId,
      }),
    ).rejects.toThrow();
  });
});

describe('a refund of a VAT-invoiced purchase', () => {
  it('issues a credit note against its invoice, downloadable by the buyer only', async () => {
    const purchase = await buyCourse(t, courseId);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, purchase.paymentId));
    const finance = await signedInStaff(t, 'finance');
    const refund = await api(t.app, { cookie: finance.cookie }).post(
      `/api/admin/payments/${purchase.paymentId}/refunds`,
      { amountPence: 60000, reason: 'Goodwill', endAccess: false },
    );
    expect(refund.statusCode, refund.body).toBe(201);
    const note = refund.json().creditNote;
    expect(note.number).toMatch(/^CN-\d{6}$/);
    // A single purchase has one invoice, so one credit note.
    expect(refund.json().creditNotes).toEqual([note]);
    const url = `/api/credit-notes/${note.id}.pdf`;
    const res = await api(t.app, { cookie: await signedInBuyer(purchase.email) }).get(url);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const field of [
      'Credit note',
      note.number,
      `INV-${String(invoice!.number).padStart(6, '0')}`,
      'Goodwill',
      'Jane Doe',
      // £600.00 credited: £100.00 VAT at 20%, £500.00 net.
      '£500.00',
      '£100.00',
      '£600.00',
    ]) {
      expect(text, field).toContain(field);
    }
    const other = await buyCourse(t, courseId);
    expect((await api(t.app, { cookie: await signedInBuyer(other.email) }).get(url)).statusCode).toBe(404);
    expect((await api(t.app).get(url)).statusCode).toBe(401);
  });
});

describe('without VAT_NUMBER', () => {
  it('issues no VAT invoice: the receipt in Billing has no invoice', async () => {
    const plain = await createTestApp();
    try {
      const id = await seedSaleCourse(plain.db);
      const purchase = await buyCourse(plain, id);
      expect(
        await plain.db.select().from(invoices).where(eq(invoices.paymentId, purchase.paymentId)),
      ).toEqual([]);
      const cookie = await plain.login(await settlePassword(plain.db, purchase.email, 'Buyer-Password-1'));
      const [order] = (await api(plain.app, { cookie }).get('/api/account/orders')).json();
      expect(order).toMatchObject({ invoice: null, schedule: [], amountPence: 120000 });
      // No invoice to correct: a refund gets a refund receipt, not a credit note.
      const finance = await signedInStaff(plain, 'finance');
      const refund = await api(plain.app, { cookie: finance.cookie }).post(
        `/api/admin/payments/${purchase.paymentId}/refunds`,
        { amountPence: 1000, reason: 'Goodwill', endAccess: false },
      );
      expect(refund.json()).toMatchObject({ status: 'succeeded', creditNote: null, creditNotes: [] });
    } finally {
      await plain.close();
    }
  });
});
