import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, payments } from '#server/db/schema/index.ts';
import { buyCourse, buyerDetails, seedSaleCourse } from '#server/test/fixtures/purchases.ts';
import { teamOrderBody } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { CONSENT_REQUIRED_MESSAGE, IMMEDIATE_ACCESS_CONSENT } from '#shared/consent.ts';

// Consent to immediate access at checkout (docs/product.md#refunds-cancellations-and-credit-notes).

let t: TestContext;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://learn.example.com' });
  courseId = await seedSaleCourse(t.db);
});
afterAll(() => t.close());

describe('consent to immediate access', () => {
  it('refuses every payment start without the ticked box in the current wording: 400 CONSENT_REQUIRED', async () => {
    const client = api(t.app, { remoteAddress: '10.9.0.1' });
    const refusals = [
      undefined,
      { immediateAccess: false, wordingVersion: IMMEDIATE_ACCESS_CONSENT.version },
      { immediateAccess: true, wordingVersion: '2001-01-01' },
    ];
    for (const consent of refusals) {
      const purchase = await client.post('/api/create-course-payment', {
        courseId,
        studentData: buyerDetails(),
        consent,
      });
      expect(purchase.statusCode, purchase.body).toBe(400);
      expect(purchase.json()).toEqual({ code: 'CONSENT_REQUIRED', message: CONSENT_REQUIRED_MESSAGE });
      const checkout = await client.post('/api/create-payment-intent', { courseId, consent });
      expect(checkout.json().code).toBe('CONSENT_REQUIRED');
      const team = await client.post('/api/team-orders', {
        ...teamOrderBody(courseId, { payBy: 'card' }),
        consent,
      });
      expect(team.statusCode).toBe(400);
      expect(team.json().code).toBe('CONSENT_REQUIRED');
    }
    // Nothing was recorded, and an invoice order (no payment starts) needs no box.
    const rows = await t.db.select().from(payments).where(eq(payments.courseId, courseId));
    expect(rows).toHaveLength(0);
    const invoice = await client.post('/api/team-orders', { ...teamOrderBody(courseId), consent: undefined });
    expect(invoice.statusCode).toBe(202);
  });

  it('stores version, time and address with the payment; the welcome email repeats consent, terms and the form', async () => {
    const before = Date.now();
    const bought = await buyCourse(t, courseId);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, bought.paymentId));
    expect(row!.consent).toMatchObject({ version: IMMEDIATE_ACCESS_CONSENT.version, ip: '127.0.0.1' });
    expect(Date.parse(row!.consent!.at)).toBeGreaterThanOrEqual(before - 1000);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, bought.email));
    expect(mail!.textBody).toContain(IMMEDIATE_ACCESS_CONSENT.wording);
    expect(mail!.textBody).toMatch(/TS-[0-9A-F]{8}/);
    expect(mail!.textBody).toContain('you may cancel within 14 days');
    expect(mail!.textBody).toContain('Model cancellation form');
    expect(mail!.textBody).toContain('I hereby give notice that I cancel my contract');
    expect(mail!.textBody).toContain('https://learn.example.com/account');
    expect(mail!.htmlBody).toContain('Model cancellation form');
  });
});
