import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '#server/db/schema/index.ts';
import { confirmedInvoiceOrder, seedCourse, teamOrderBody } from '#server/test/fixtures/teams.ts';
import { createTestApp } from '#server/test/harness.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { teamsHarness } from './teams-harness.ts';

// The invoice and receipt PDFs: every field of a UK VAT invoice (docs/team-seats.md "Invoices").

const h = teamsHarness();

describe('invoice PDF', () => {
  it('prints every field of a UK VAT invoice, with terms and bank details on invoice orders', async () => {
    const { cookie, body } = await h.invoiceOrder(3);
    const team = (await h.inject('GET', '/api/team', cookie)).json();
    const res = await h.inject('GET', `/api/invoices/${team.invoices[0].id}.pdf`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    const number = `INV-${String(team.invoices[0].number).padStart(6, '0')}`;
    for (const field of [
      'VAT invoice',
      `Invoice number: ${number}`,
      'Issue date:',
      'Tax point:',
      'TradeSkills Training Ltd',
      '1 Spark Lane',
      'VAT number: GB987654321',
      body.company.name,
      '12 Volt Street',
      'Leeds',
      'LS1 4AP',
      'Customer VAT number: GB123456789',
      `Purchase order: ${body.company.poNumber}`,
      'Quantity',
      'Unit price (excl. VAT)',
      'VAT rate',
      '£100.00',
      '20%',
      'Total excluding VAT',
      '£300.00',
      'VAT at 20%',
      '£60.00',
      'Total (GBP, pounds sterling)',
      '£360.00',
      'Payment due within 30 days',
      'Sort code 12-34-56, account 12345678',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).not.toContain('not VAT registered');
  });

  it('charges no VAT and says the supplier is not VAT registered without VAT_NUMBER; a receipt once paid', async () => {
    const plain = await createTestApp();
    try {
      const c = await seedCourse(plain.db);
      const body = teamOrderBody(c.courseId);
      const pricing = await plain.app.inject({ method: 'GET', url: '/api/team-orders/pricing' });
      expect(pricing.json()).toEqual({ vatRate: 0, vatRegistered: false });
      const res = await plain.app.inject({ method: 'POST', url: '/api/team-orders', payload: body });
      // No VAT number: no VAT is charged, the total is seats × price.
      expect(res.json()).toMatchObject({ amountPence: 3 * 12000, vatPence: 0 });
      const { orderId } = await confirmedInvoiceOrder(plain, teamOrderBody(c.courseId));
      const admin = await plain.login(await plain.createUser({ role: 'admin' }));
      await plain.app.inject({
        method: 'POST',
        url: `/api/admin/team-orders/${orderId}/mark-paid`,
        headers: { cookie: admin },
      });
      const [invoice] = await plain.db.select().from(invoices).where(eq(invoices.teamOrderId, orderId));
      const pdf = await plain.app.inject({
        method: 'GET',
        url: `/api/invoices/${invoice!.id}.pdf`,
        headers: { cookie: admin },
      });
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('not VAT registered');
      expect(text).not.toMatch(/VAT at|VAT rate|excl\. VAT|VAT invoice/);
      expect(text).toContain('Receipt');
      expect(text).toMatch(/Paid in full on \d\d\/\d\d\/\d{4}/);
    } finally {
      await plain.close();
    }
  });
});
