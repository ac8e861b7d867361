import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  creditNotes,
  emailAttachments,
  emailOutbox,
  enrolments,
  paymentInstalments,
  refunds,
  teamOrders,
  teamSeats,
} from '#server/db/schema/index.ts';
import { buyCourse, buyTeamSeats, seedSaleCourse, VAT_REGISTERED } from '#server/test/fixtures/purchases.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';

// Refunds through the built-in test provider (docs/product.md#refunds-cancellations-and-credit-notes).

let t: TestContext;
let courseId: string;
let finance: { cookie: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ invoicing: VAT_REGISTERED });
  courseId = await seedSaleCourse(t.db, { pricePence: 124583 });
  finance = await signedInStaff(t, 'finance');
});
afterAll(() => t.close());

const refund = (paymentId: string, body: object, cookie = finance.cookie) =>
  api(t.app, { cookie }).post(`/api/admin/payments/${paymentId}/refunds`, body);

describe('refunds', () => {
  it('refunds part, then the rest with access ended; 409 beyond what is left; emailed and audited', async () => {
    const bought = await buyCourse(t, courseId);
    const part = await refund(bought.paymentId, { amountPence: 20000, reason: 'Goodwill', endAccess: false });
    expect(part.statusCode, part.body).toBe(201);
    // With VAT_NUMBER the purchase had a VAT invoice, so each refund is a credit note against it
    // (docs/product.md#invoices-and-receipts).
    expect(part.json()).toMatchObject({
      status: 'succeeded',
      amountPence: 20000,
      creditNote: { number: expect.stringMatching(/^CN-\d{6}$/) },
    });
    const access = () =>
      t.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, bought.userId), eq(enrolments.courseId, courseId)));
    expect(await access()).toHaveLength(1);

    const over = await refund(bought.paymentId, { amountPence: 104584, reason: 'Too much', endAccess: true });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'REFUND_EXCEEDS_REMAINDER',
      message: 'Only £1,045.83 of this payment is left to refund.',
    });

    const rest = await refund(bought.paymentId, { reason: 'Cancelled by phone', endAccess: true });
    expect(rest.json()).toMatchObject({ status: 'succeeded', amountPence: 104583 });
    expect(await access()).toHaveLength(0);
    const nothingLeft = await refund(bought.paymentId, { amountPence: 1, reason: 'More', endAccess: false });
    expect(nothingLeft.json().code).toBe('REFUND_EXCEEDS_REMAINDER');

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'refund'));
    const mine = mails.filter((m) => m.toAddress === bought.email);
    expect(mine.map((m) => m.subject).sort()).toEqual([
      expect.stringContaining('Refund of £1,045.83'),
      expect.stringContaining('Refund of £200.00'),
    ]);
    const [file] = await t.db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, mine[0]!.id));
    expect(file!.filename).toMatch(/^credit-note-CN-\d{6}\.pdf$/);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, bought.paymentId));
    expect(audit.map((a) => a.action)).toEqual(['payment.refund', 'payment.refund']);
    expect(audit[0]!.actorId).toBe(finance.id);
  });

  it('ten concurrent clicks make one refund; a redelivered provider event changes nothing', async () => {
    const bought = await buyCourse(t, courseId);
    const body = { amountPence: 5000, reason: 'Double-charged', endAccess: false };
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(bought.paymentId, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().refundId)).size).toBe(1);
    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, bought.paymentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountPence: 5000 });
    const event = {
      id: rows[0]!.providerRefundId!,
      status: 'succeeded' as const,
      amountPence: 5000,
      intentId: bought.intentId,
      metadata: { refundId: rows[0]!.id },
    };
    expect(await t.app.refundEvents('evt_redelivered', event)).toBe('duplicate');
    expect(await t.app.refundEvents('evt_redelivered', event)).toBe('duplicate');
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, bought.email));
    expect(mails.filter((m) => m.kind === 'refund')).toHaveLength(1);
  });

  it("ends a monthly plan's remaining instalments when access ends", async () => {
    const bought = await buyCourse(t, courseId, { plan: 'monthly' });
    const res = await refund(bought.paymentId, { reason: 'Changed mind', endAccess: true });
    expect(res.json()).toMatchObject({ status: 'succeeded', amountPence: 25000 });
    const rest = await t.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, bought.paymentId));
    expect(rest).toHaveLength(5);
    expect(rest.every((i) => i.status === 'canceled')).toBe(true);
  });

  it('a team order refunds unassigned seats with a credit note; assigned seats stay', async () => {
    const team = await buyTeamSeats(t, courseId, 4);
    const perSeat = team.amountPence / 4;
    const half = await refund(team.paymentId, {
      amountPence: 2 * perSeat,
      reason: 'Two leavers',
      endAccess: false,
    });
    expect(half.statusCode, half.body).toBe(201);
    expect(half.json()).toMatchObject({
      status: 'succeeded',
      creditNote: { number: expect.stringMatching(/^CN-\d{6}$/) },
    });
    const [order] = await t.db.select().from(teamOrders).where(eq(teamOrders.id, team.orderId));
    expect(order!.seats + order!.extraSeats).toBe(2);
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.id, half.json().creditNote.id));
    expect(note).toMatchObject({
      amountPence: 2 * perSeat,
      vatPence: Math.round((2 * perSeat) / 6),
      reason: 'Two leavers',
    });
    expect(note!.netPence + note!.vatPence).toBe(note!.amountPence);

    const member = await t.createUser();
    await t.db.insert(teamSeats).values({
      teamOrderId: team.orderId,
      userId: member.id,
      email: member.email,
      firstName: 'A',
      lastName: 'B',
      createdEnrolment: true,
    });
    const more = await refund(team.paymentId, { reason: 'The rest', endAccess: false });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({
      code: 'SEATS_ASSIGNED',
      message: expect.stringContaining('Only 1 seat(s)'),
    });

    // The manager downloads the credit note; another student cannot see it.
    const pdf = await api(t.app, { cookie: finance.cookie }).get(`/api/credit-notes/${note!.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await t.createUser();
    const refused = await api(t.app, { cookie: await t.login(stranger) }).get(
      `/api/credit-notes/${note!.id}.pdf`,
    );
    expect(refused.statusCode).toBe(404);
  });

  it('credit-note numbers stay gap-free under concurrency, and the database refuses a gap', async () => {
    const orders = await Promise.all(Array.from({ length: 10 }, () => buyTeamSeats(t, courseId, 2)));
    const before = await t.db.select({ n: sql<number>`coalesce(max(number), 0)::int` }).from(creditNotes);
    const answers = await Promise.all(
      orders.map((o) =>
        refund(o.paymentId, { amountPence: o.amountPence / 2, reason: 'One leaver', endAccess: false }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const numbers = (await t.db.select({ n: creditNotes.number }).from(creditNotes))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.length).toBe(before[0]!.n + 10);
    const [any] = await t.db.select().from(creditNotes).limit(1);
    await expect(
      t.db.insert(creditNotes).values({
        ...any!,
        id: undefined,
        number: numbers.length + 5,
        refundId: answers[0]!.json().refundId,
      }),
    ).rejects.toThrow();
    await expect(t.db.delete(creditNotes).where(eq(creditNotes.id, any!.id))).rejects.toThrow();
  });

  it('lists payments with status and date filters and totals', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await api(t.app, { cookie: finance.cookie }).get(
      `/api/admin/payments?from=${today}&to=${today}`,
    );
    expect(all.statusCode).toBe(200);
    const { items, totals } = all.json();
    expect(items[0]).toEqual({
      id: expect.any(String),
      kind: expect.stringMatching(/^(course|monthly|team)$/),
      status: expect.any(String),
      courseId,
      courseTitle: expect.any(String),
      buyerEmail: expect.any(String),
      amountPence: expect.any(Number),
      refundedPence: expect.any(Number),
      createdAt: expect.any(String),
    });
    expect(totals.netPence).toBe(totals.paidPence - totals.refundedPence);
    const refunded = await api(t.app, { cookie: finance.cookie }).get('/api/admin/payments?status=refunded');
    expect(refunded.json().items.length).toBeGreaterThan(0);
    expect(refunded.json().items.every((i: { status: string }) => i.status === 'refunded')).toBe(true);
    const yesterday = await api(t.app, { cookie: finance.cookie }).get('/api/admin/payments?to=2020-01-01');
    expect(yesterday.json().items).toEqual([]);
    const bad = await api(t.app, { cookie: finance.cookie }).get('/api/admin/payments?from=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses bad input and unknown or unpaid payments with 4xx', async () => {
    expect((await refund('nope', { reason: 'x', endAccess: false })).statusCode).toBe(404);
    expect(
      (await refund('00000000-0000-4000-8000-000000000000', { reason: 'x', endAccess: false })).statusCode,
    ).toBe(404);
    const bought = await buyCourse(t, courseId);
    expect((await refund(bought.paymentId, { reason: '', endAccess: false })).statusCode).toBe(400);
    expect(
      (await refund(bought.paymentId, { amountPence: -5, reason: 'x', endAccess: false })).statusCode,
    ).toBe(400);
    expect(
      (await refund(bought.paymentId, { amountPence: 1.5, reason: 'x', endAccess: false })).statusCode,
    ).toBe(400);
  });
});
