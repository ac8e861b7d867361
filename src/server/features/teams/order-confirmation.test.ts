import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, invoices, teamOrders, users } from '#server/db/schema/index.ts';
import { confirmationToken, seedCourse, teamOrderBody } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { removeExpiredOrders } from './order-confirmation.service.ts';

// An invoice order in someone's name waits for them (docs/team-seats.md "Buying"): tried as the stranger who types
// another person's email, and as the owner confirming twice at once.

let t: TestContext;
let courseId: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  courseId = (await seedCourse(t.db, 'Confirmed Course')).courseId;
  adminCookie = await t.login(await t.createUser({ role: 'admin' }));
});
afterAll(() => t.close());

const lastInvoiceNumber = async () =>
  (await t.db.select({ n: sql<number>`coalesce(max(${invoices.number}), 0)::int` }).from(invoices))[0]!.n;
const mailsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
const confirm = (token: string, cookie?: string) =>
  api(t.app, { cookie }).post('/api/team-orders/confirm', { token });

describe('a signed-out invoice order for an email', () => {
  it('creates nothing but the pending order and one email with a link; the victim’s account is untouched', async () => {
    const victim = await t.createUser({ firstName: 'Vic' });
    const victimCookie = await t.login(victim);
    const before = await lastInvoiceNumber();
    const body = teamOrderBody(courseId, { seats: 500 });
    body.buyer.email = victim.email.toUpperCase();
    const res = await api(t.app).post('/api/team-orders', body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ orderId: expect.any(String), status: 'unconfirmed' });

    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = ${victim.email.toLowerCase()}`);
    expect(mails.map((m) => m.kind)).toEqual(['team_order_confirm']);
    expect(mails[0]!.textBody).toMatch(/\/team-orders\/confirm\?token=[\w-]{40,}/);
    expect(mails[0]!.textBody).toContain('within 24 hours');
    expect(await lastInvoiceNumber()).toBe(before);
    expect(await t.db.select().from(invoices).where(eq(invoices.teamOrderId, res.json().orderId))).toEqual(
      [],
    );
    const me = (await api(t.app, { cookie: victimCookie }).get('/api/user')).json();
    expect(me.roles).toEqual(['student']);
    expect((await api(t.app, { cookie: victimCookie }).get('/api/team')).statusCode).toBe(403);
    // An admin cannot push it through either: there is nothing to mark paid yet.
    const paid = await api(t.app, { cookie: adminCookie }).post(
      `/api/admin/team-orders/${res.json().orderId}/mark-paid`,
    );
    expect(paid.statusCode).toBe(409);
  });

  it('a new email gets no account until the owner confirms; the link shows the order, works once', async () => {
    const body = teamOrderBody(courseId);
    const placed = await api(t.app).post('/api/team-orders', body);
    expect(placed.statusCode).toBe(202);
    expect(await t.db.select().from(users).where(eq(users.email, body.buyer.email))).toEqual([]);
    const token = await confirmationToken(t.db, body.buyer.email);

    const shown = await api(t.app).post('/api/team-orders/pending', { token });
    expect(shown.json()).toMatchObject({
      orderId: placed.json().orderId,
      confirmed: false,
      courseTitle: 'Confirmed Course',
      seats: 3,
      companyName: body.company.name,
      buyerEmail: body.buyer.email,
    });
    const before = await lastInvoiceNumber();
    const first = await confirm(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ orderId: placed.json().orderId, status: 'awaiting_payment' });
    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_CONFIRMED');
    expect((await api(t.app).post('/api/team-orders/pending', { token })).json().confirmed).toBe(true);

    const [manager] = await t.db.select().from(users).where(eq(users.email, body.buyer.email));
    const [order] = await t.db.select().from(teamOrders).where(eq(teamOrders.id, placed.json().orderId));
    expect(order).toMatchObject({ status: 'awaiting_payment', managerUserId: manager!.id });
    expect(order!.dueAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect(await lastInvoiceNumber()).toBe(before + 1);
    expect((await mailsTo(body.buyer.email)).map((m) => m.kind).sort()).toEqual([
      'team_invoice',
      'team_manager_credentials',
      'team_order_confirm',
    ]);
  });

  it('ten confirmations at once make one manager and use one invoice number', async () => {
    const body = teamOrderBody(courseId);
    const placed = await api(t.app).post('/api/team-orders', body);
    const token = await confirmationToken(t.db, body.buyer.email);
    const before = await lastInvoiceNumber();
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await t.db.select().from(users).where(eq(users.email, body.buyer.email))).toHaveLength(1);
    expect(
      await t.db.select().from(invoices).where(eq(invoices.teamOrderId, placed.json().orderId)),
    ).toHaveLength(1);
    expect(await lastInvoiceNumber()).toBe(before + 1);
    const invoiceMails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, body.buyer.email), eq(emailOutbox.kind, 'team_invoice')));
    expect(invoiceMails).toHaveLength(1);
  });

  it('refuses unknown, malformed and expired links; unconfirmed orders expire and are removed with no number used', async () => {
    expect((await confirm('not-a-real-token')).statusCode).toBe(404);
    expect((await confirm('bad\u0000token')).statusCode).toBe(400);
    expect((await api(t.app).post('/api/team-orders/confirm', {})).statusCode).toBe(400);
    const body = teamOrderBody(courseId);
    const placed = await api(t.app).post('/api/team-orders', body);
    const token = await confirmationToken(t.db, body.buyer.email);
    const before = await lastInvoiceNumber();
    await t.db
      .update(teamOrders)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamOrders.id, placed.json().orderId));
    const late = await confirm(token);
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe('CONFIRMATION_INVALID');
    expect((await api(t.app).post('/api/team-orders/pending', { token })).statusCode).toBe(404);

    expect(await removeExpiredOrders(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(teamOrders).where(eq(teamOrders.id, placed.json().orderId))).toEqual([]);
    expect(await lastInvoiceNumber()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.email, body.buyer.email))).toEqual([]);
  });
});

describe('signed-in buyers', () => {
  it('ordering for their own email need no confirmation: invoiced at once, they manage the order', async () => {
    const buyer = await t.createUser({ firstName: 'Own' });
    const cookie = await t.login(buyer);
    const body = teamOrderBody(courseId);
    body.buyer.email = buyer.email;
    const res = await api(t.app, { cookie }).post('/api/team-orders', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('awaiting_payment');
    expect((await mailsTo(buyer.email)).map((m) => m.kind)).toEqual(['team_invoice']);
    const team = (await api(t.app, { cookie }).get('/api/team')).json();
    expect(team.orders.map((o: { id: string }) => o.id)).toEqual([res.json().orderId]);
  });

  it('ordering for someone else’s email (another student’s) still waits for that person', async () => {
    const buyer = await t.login(await t.createUser());
    const other = await t.createUser();
    const body = teamOrderBody(courseId);
    body.buyer.email = other.email;
    const res = await api(t.app, { cookie: buyer }).post('/api/team-orders', body);
    expect(res.statusCode).toBe(202);
    expect((await api(t.app, { cookie: buyer }).get('/api/team')).statusCode).toBe(403);
    expect((await mailsTo(other.email)).map((m) => m.kind)).toEqual(['team_order_confirm']);
  });

  it('card orders are unchanged: a payment intent at once, no confirmation email', async () => {
    const body = teamOrderBody(courseId, { payBy: 'card' });
    const res = await api(t.app).post('/api/team-orders', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', clientSecret: expect.any(String) });
    expect(await mailsTo(body.buyer.email)).toEqual([]);
  });
});
