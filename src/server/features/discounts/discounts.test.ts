import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courses, invoices, payments } from '#server/db/schema/index.ts';
import { confirmedInvoiceOrder, teamOrderBody, VAT_INVOICING } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { consentGiven } from '#shared/consent.ts';

/** The ticked consent box (src/shared/consent.ts) every payment start sends. */
const consent = consentGiven();

// Discount codes and team price tiers (docs/product.md#discount-codes-and-team-prices): finance and admins make
// codes, the server prices every payment, a last use goes to exactly one of ten buyers, a failed payment gives its
// use back, and team invoices show the reductions with VAT on the reduced price.

let t: TestContext;
let adminCookie: string;
let financeCookie: string;
let studentCookie: string;
let courseId: string;
let otherCourseId: string;

beforeAll(async () => {
  t = await createTestApp({
    paymentStartsPerIp: 1000,
    invoicing: VAT_INVOICING,
  });
  adminCookie = await t.login(await t.createUser({ role: 'admin' }));
  financeCookie = (await signedInStaff(t, 'finance')).cookie;
  studentCookie = await t.login(await t.createUser());
  const rows = await t.db
    .insert(courses)
    .values([
      {
        title: 'Discounted Wiring',
        description: 'd',
        pricePence: 10000,
        monthlyPricePence: 2500,
        instalments: 4,
      },
      { title: 'Other Course', description: 'd', pricePence: 20000 },
    ])
    .returning({ id: courses.id });
  [courseId, otherCourseId] = rows.map((r) => r.id) as [string, string];
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const buyer = (email = `buyer${++seq}@example.com`) => ({
  firstName: 'Dee',
  lastName: 'Count',
  email,
  phoneNumber: '07700 900123',
  experienceLevel: 'beginner',
});
const as = (cookie?: string) => api(t.app, cookie ? { cookie } : {});

async function makeCode(body: Record<string, unknown>, cookie = adminCookie) {
  const res = await as(cookie).post('/api/admin/discount-codes', { kind: 'percent', value: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
const pay = (discountCode: string, email?: string, plan = 'onetime', course = courseId) =>
  as().post('/api/create-course-payment', {
    courseId: course,
    studentData: buyer(email),
    plan,
    discountCode,
    consent,
  });

describe('managing codes', () => {
  it('admins and finance create codes (audited); students cannot; bad input 400; the same text twice 409', async () => {
    expect((await makeCode({ code: 'ADMIN10' })).id).toBeTruthy();
    const { id } = await makeCode(
      { code: 'FIN5', kind: 'amount', value: 500, courseIds: [courseId] },
      financeCookie,
    );
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit!.action).toBe('discount.create');
    expect(
      (
        await as(studentCookie).post('/api/admin/discount-codes', {
          code: 'NOPE1',
          kind: 'percent',
          value: 5,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await as().post('/api/admin/discount-codes', { code: 'NOPE2', kind: 'percent', value: 5 })).statusCode,
    ).toBe(401);
    for (const bad of [
      { code: 'BIG', kind: 'percent', value: 101 },
      { code: 'ZERO', kind: 'amount', value: 0 },
      { code: 'has space', kind: 'percent', value: 5 },
      { code: 'DATES', kind: 'percent', value: 5, startsAt: '2030-01-02', endsAt: '2030-01-01' },
      { code: 'PLANS', kind: 'percent', value: 5, plans: [] },
      { code: 'COURSE', kind: 'percent', value: 5, courseIds: ['00000000-0000-4000-8000-000000000000'] },
    ]) {
      const res = await as(adminCookie).post('/api/admin/discount-codes', bad);
      expect(res.statusCode, bad.code).toBe(400);
      expect(res.json().code).toBeTruthy();
    }
    const dup = await as(adminCookie).post('/api/admin/discount-codes', {
      code: 'admin10',
      kind: 'percent',
      value: 5,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('DISCOUNT_CODE_TAKEN');
    const list = await as(financeCookie).get('/api/admin/discount-codes');
    expect(list.json().items.find((c: { code: string }) => c.code === 'FIN5')).toMatchObject({
      kind: 'amount',
      value: 500,
      courses: [{ id: courseId, title: 'Discounted Wiring' }],
      used: 0,
      disabledAt: null,
    });
  });
});

describe('paying with a code', () => {
  it('the server prices the code on both payment routes; the check route previews it', async () => {
    await makeCode({ code: 'SPRING20', value: 20 });
    const res = await pay('spring20');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      amount: '80.00',
      discount: { code: 'SPRING20', amountOff: '20.00', listAmount: '100.00' },
    });
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, res.json().paymentIntentId));
    expect(row!.amountPence).toBe(8000);
    const intent = await as().post('/api/create-payment-intent', {
      courseId,
      discountCode: 'SPRING20',
      consent,
    });
    expect(intent.json().amount).toBe('80.00');
    const check = await as().post('/api/discount-codes/check', { code: 'Spring20', courseId });
    expect(check.json()).toEqual({
      code: 'SPRING20',
      listPricePence: 10000,
      amountOffPence: 2000,
      chargePence: 8000,
    });
    // Monthly: the percentage comes off every instalment; a fixed amount is shared out over them.
    await makeCode({ code: 'MONTH8', kind: 'amount', value: 800, plans: ['monthly'] });
    const monthly = await pay('MONTH8', undefined, 'monthly');
    expect(monthly.json().amount).toBe('23.00');
    // Without a code nothing changes.
    expect((await pay('')).json()).toMatchObject({ amount: '100.00', discount: null });
  });

  it('400 DISCOUNT_CODE_INVALID for unknown, disabled, out-of-date, other-course and other-plan codes', async () => {
    const { id } = await makeCode({ code: 'OFFNOW' });
    const off = await as(adminCookie).post(`/api/admin/discount-codes/${id}/disable`);
    expect(off.json().disabledAt).toBeTruthy();
    await makeCode({ code: 'LATER', startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    await makeCode({ code: 'GONE', endsAt: '2020-01-01' });
    await makeCode({ code: 'ONLYOTHER', courseIds: [otherCourseId] });
    await makeCode({ code: 'ONLYONCE', plans: ['onetime'] });
    for (const [code, plan] of [
      ['NOSUCH', 'onetime'],
      ['OFFNOW', 'onetime'],
      ['LATER', 'onetime'],
      ['GONE', 'onetime'],
      ['ONLYOTHER', 'onetime'],
      ['ONLYONCE', 'monthly'],
    ] as const) {
      const res = await pay(code, undefined, plan);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code, code).toBe('DISCOUNT_CODE_INVALID');
    }
    expect((await pay('ONLYOTHER', undefined, 'onetime', otherCourseId)).statusCode).toBe(200);
  });

  it('per customer: a second use by the same email is USED_UP; the checkout page refuses such codes', async () => {
    await makeCode({ code: 'ONEEACH', perCustomer: 1 });
    expect((await pay('ONEEACH', 'Same@Example.com')).statusCode).toBe(200);
    const again = await pay('ONEEACH', 'same@example.com');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('DISCOUNT_CODE_USED_UP');
    expect((await pay('ONEEACH', 'someone.else@example.com')).statusCode).toBe(200);
    const anonymous = await as().post('/api/create-payment-intent', {
      courseId,
      discountCode: 'ONEEACH',
      consent,
    });
    expect(anonymous.json().code).toBe('DISCOUNT_CODE_INVALID');
  });

  it('a last use tried by ten buyers at once discounts exactly one; a failed payment gives it back', async () => {
    await makeCode({ code: 'LASTONE', value: 50, maxRedemptions: 1 });
    const results = await Promise.all(Array.from({ length: 10 }, () => pay('LASTONE')));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('DISCOUNT_CODE_USED_UP');
      expect(r.json().message).toMatch(/used up/);
    }
    expect((await pay('LASTONE')).json().code).toBe('DISCOUNT_CODE_USED_UP');
    // The winner's card is declined: the payment failed, and its use is free again.
    const declined = await as().post('/api/test-payments/confirm', {
      clientSecret: ok[0]!.json().clientSecret,
      card: { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123', name: 'Dee Count' },
    });
    expect(declined.statusCode).toBe(402);
    const list = (await as(adminCookie).get('/api/admin/discount-codes')).json();
    expect(list.items.find((c: { code: string }) => c.code === 'LASTONE').used).toBe(0);
    const next = await pay('LASTONE');
    expect(next.statusCode).toBe(200);
    expect(next.json().amount).toBe('50.00');
  });
});

describe('team orders', () => {
  it('seat tiers and a code: the quote, the order and the invoice agree, VAT on the reduced price', async () => {
    const bad = await as(adminCookie).put(`/api/admin/courses/${courseId}/seat-tiers`, {
      tiers: [{ minSeats: 1, percentOff: 10 }],
    });
    expect(bad.statusCode).toBe(400);
    const set = await as(financeCookie).put(`/api/admin/courses/${courseId}/seat-tiers`, {
      tiers: [
        { minSeats: 10, percentOff: 15 },
        { minSeats: 5, percentOff: 10 },
      ],
    });
    expect(set.json().tiers).toEqual([
      { minSeats: 5, percentOff: 10 },
      { minSeats: 10, percentOff: 15 },
    ]);
    const small = (await as().post('/api/team-orders/quote', { courseId, seats: 4 })).json();
    expect(small).toMatchObject({ listAmountPence: 40000, tier: null, amountPence: 40000 });
    await makeCode({ code: 'TEAM1000', kind: 'amount', value: 1000 });
    const quote = (
      await as().post('/api/team-orders/quote', { courseId, seats: 6, discountCode: 'TEAM1000' })
    ).json();
    expect(quote).toMatchObject({
      listAmountPence: 60000,
      tier: { minSeats: 5, percentOff: 10, offPence: 6000 },
      discount: { code: 'TEAM1000', offPence: 1000 },
      amountPence: 53000,
      // VAT per seat (£16.67 of each £100), each reduction with its own VAT (src/shared/vat.ts).
      netPence: 44165,
      vatPence: 8835,
      vatRate: 20,
    });
    const bogus = await as().post('/api/team-orders/quote', { courseId, seats: 6, discountCode: 'NOPE' });
    expect(bogus.json().code).toBe('DISCOUNT_CODE_INVALID');

    const body = teamOrderBody(courseId, { seats: 6, discountCode: 'TEAM1000' });
    const { orderId, cookie } = await confirmedInvoiceOrder(t, body);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.teamOrderId, orderId));
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice!.id}.pdf`,
      headers: { cookie },
    });
    const text = pdfText(pdf.rawPayload);
    for (const field of [
      '£83.33',
      '£499.98', // 6 × £83.33 net, the line before reductions: it adds up
      'Team price: 10% off 6 seats',
      '-£50.00',
      'Discount code TEAM1000',
      '-£8.33',
      'Total excluding VAT',
      '£441.65',
      'VAT at 20%',
      '£88.35',
      '£530.00',
    ]) {
      expect(text, field).toContain(field);
    }
  });
});
