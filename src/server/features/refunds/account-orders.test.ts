import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  enrolments,
  liveSessionAttendees,
  liveSessions,
  payments,
  refunds,
  topicProgress,
  users,
} from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';
import { createModule, createTopic, DEFAULT_TEST_PASSWORD } from '#server/test/factories.ts';
import { buyCourse, seedSaleCourse } from '#server/test/fixtures/purchases.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { pdfText, pdfToPng } from '#server/test/pdf-text.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { accountOrders } from './account-orders.service.ts';

// Cancelling within 14 days (docs/product.md#refunds-cancellations-and-credit-notes), with the rule at its edges.

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestContext;
let courseId: string;
let topicId: string;

beforeAll(async () => {
  t = await createTestApp();
  courseId = await seedSaleCourse(t.db);
  const mod = await createModule(t.db, courseId, 1);
  topicId = (await createTopic(t.db, mod.id, 1)).id;
});
afterAll(() => t.close());

/** A purchase made `ageMs` ago, and its buyer signed in (with a known password instead of the emailed one). */
async function purchase(ageMs = 0) {
  const bought = await buyCourse(t, courseId);
  const paidAt = new Date(Date.now() - ageMs);
  await t.db.update(payments).set({ fulfilledAt: paidAt }).where(eq(payments.id, bought.paymentId));
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(DEFAULT_TEST_PASSWORD), mustChangePassword: false })
    .where(eq(users.id, bought.userId));
  const cookie = await t.login({ email: bought.email, password: DEFAULT_TEST_PASSWORD });
  return { ...bought, paidAt, client: api(t.app, { cookie }) };
}

const enrolled = (userId: string) =>
  t.db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));

describe('cancelling an order', () => {
  it('lists the buyer’s orders; cancels in two presses to one full refund, and the enrolment ends', async () => {
    const p = await purchase();
    const list = await p.client.get('/api/account/orders');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        paymentId: p.paymentId,
        courseId,
        amountPence: 120000,
        started: false,
        cancellable: true,
        cancellableUntil: new Date(p.paidAt.getTime() + 14 * DAY_MS).toISOString(),
      }),
    ]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => p.client.post(`/api/account/orders/${p.paymentId}/cancel`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().refundId)).size).toBe(1);
    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, p.paymentId));
    expect(rows).toEqual([
      expect.objectContaining({ amountPence: 120000, status: 'succeeded', source: 'cancellation' }),
    ]);
    expect(await enrolled(p.userId)).toHaveLength(0);
    const after = (await p.client.get('/api/account/orders')).json()[0];
    expect(after).toMatchObject({ status: 'refunded', cancellable: false, creditNotes: [] });

    // No VAT invoice, so a refund receipt: Billing offers it to the buyer, and to no other account.
    expect(after.refundReceipts).toEqual([
      { refundId: rows[0]!.id, amountPence: 120000, refundedAt: rows[0]!.succeededAt!.toISOString() },
    ]);
    const url = `/api/refund-receipts/${rows[0]!.id}.pdf`;
    const pdf = await p.client.get(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(pdfText(pdf.rawPayload)).toContain('£1,200.00');
    pdfToPng(pdf.rawPayload, 'test-results/credit-notes/refund-receipt');
    const other = await purchase();
    const theirs = await other.client.get(url);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Refund receipt not found', code: 'REFUND_RECEIPT_NOT_FOUND' });
    expect((await api(t.app).get(url)).statusCode).toBe(401);
    expect((await p.client.get('/api/refund-receipts/not-a-refund.pdf')).statusCode).toBe(404);
  });

  it('the 14 days at their edges: a minute before the end cancels, a minute after is 409', async () => {
    const inside = await purchase(14 * DAY_MS - 60_000);
    expect((await inside.client.post(`/api/account/orders/${inside.paymentId}/cancel`)).statusCode).toBe(200);
    const outside = await purchase(14 * DAY_MS + 60_000);
    const late = await outside.client.post(`/api/account/orders/${outside.paymentId}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CANCELLATION_PERIOD_OVER');
    expect(await enrolled(outside.userId)).toHaveLength(1);
    // Exactly at the end it is over; a millisecond before, it is not.
    const end = outside.paidAt.getTime() + 14 * DAY_MS;
    const buyer = { id: outside.userId, roles: ['student'] as const };
    expect((await accountOrders(t.db, buyer, new Date(end - 1)))[0]!.cancellable).toBe(true);
    expect((await accountOrders(t.db, buyer, new Date(end)))[0]!.cancellable).toBe(false);
  });

  it('once started (a topic opened, or a live session attended) it is 409 COURSE_STARTED; asking goes to finance', async () => {
    const opened = await purchase();
    await t.db.insert(topicProgress).values({ userId: opened.userId, topicId, openedAt: new Date() });
    const res = await opened.client.post(`/api/account/orders/${opened.paymentId}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COURSE_STARTED');

    const attended = await purchase();
    const [session] = await t.db
      .insert(liveSessions)
      .values({
        courseId,
        title: 'Live Q&A',
        startTime: new Date(Date.now() - 3600_000),
        endTime: new Date(),
      })
      .returning();
    await t.db.insert(liveSessionAttendees).values({ sessionId: session!.id, userId: attended.userId });
    expect((await attended.client.get('/api/account/orders')).json()[0]).toMatchObject({
      started: true,
      cancellable: false,
    });
    expect((await attended.client.post(`/api/account/orders/${attended.paymentId}/cancel`)).json().code).toBe(
      'COURSE_STARTED',
    );

    const finance = await signedInStaff(t, 'finance');
    const asked = await opened.client.post(`/api/account/orders/${opened.paymentId}/refund-request`, {
      message: 'The course is not what I expected',
    });
    expect(asked.statusCode).toBe(202);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, finance.email));
    expect(mail!.textBody).toContain('The course is not what I expected');
    expect(
      (await opened.client.post(`/api/account/orders/${opened.paymentId}/refund-request`, { message: '' }))
        .statusCode,
    ).toBe(400);
  });

  it('another student cannot see or cancel someone else’s order', async () => {
    const p = await purchase();
    const other = await t.createUser();
    const client = api(t.app, { cookie: await t.login(other) });
    expect((await client.get('/api/account/orders')).json()).toEqual([]);
    expect((await client.post(`/api/account/orders/${p.paymentId}/cancel`)).statusCode).toBe(404);
    expect((await client.post('/api/account/orders/nope/cancel')).statusCode).toBe(404);
    expect((await api(t.app).post(`/api/account/orders/${p.paymentId}/cancel`)).statusCode).toBe(401);
  });
});
