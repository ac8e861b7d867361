import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  emailAttachments,
  emailOutbox,
  enrolments,
  invoices,
  payments,
  teamOrders,
  users,
} from '#server/db/schema/index.ts';
import { ABANDON_AFTER_MS, reconcilePayments } from '#server/features/checkout/index.ts';
import { deliverDue, type OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { checkoutDeps } from '#server/test/feature-deps.ts';
import { confirmationToken, teamOrderBody } from '#server/test/fixtures/teams.ts';
import { teamsHarness } from './teams-harness.ts';

// Buying seats: prices, invoice orders (once their buyer confirms them), card orders through the payment pipeline.

const h = teamsHarness();

describe('POST /api/team-orders', () => {
  it('prices seats × course price with VAT included, and validates company and buyer', async () => {
    const res = await h.inject(
      'POST',
      '/api/team-orders',
      undefined,
      teamOrderBody(h.course.courseId, { seats: 5 }),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'unconfirmed', amountPence: 60000, vatPence: 10000 });

    const bad = await h.inject('POST', '/api/team-orders', undefined, {
      ...teamOrderBody(h.course.courseId),
      seats: 1,
    });
    expect(bad.statusCode).toBe(400);
    const postcode = teamOrderBody(h.course.courseId);
    postcode.company.postcode = 'NOT A CODE';
    expect((await h.inject('POST', '/api/team-orders', undefined, postcode)).statusCode).toBe(400);
    const vat = teamOrderBody(h.course.courseId);
    vat.company.vatNumber = 'GB12345';
    expect((await h.inject('POST', '/api/team-orders', undefined, vat)).statusCode).toBe(400);
    const missing = await h.inject('POST', '/api/team-orders', undefined, {
      ...teamOrderBody('00000000-0000-4000-8000-000000000000'),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('invoice order, once confirmed: the buyer becomes a manager, gets the invoice attached, and seats wait for payment', async () => {
    const { orderId, cookie, email } = await h.invoiceOrder();
    const me = await h.inject('GET', '/api/user', cookie);
    expect(me.json()).toMatchObject({ roles: ['teamManager'], isTeamManager: true });

    const mails = await h.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'team_invoice',
      'team_manager_credentials',
      'team_order_confirm',
    ]);
    const invoiceMail = mails.find((m) => m.kind === 'team_invoice')!;
    const files = await h.t.db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, invoiceMail.id));
    expect(files).toHaveLength(1);
    expect(files[0]!.contentType).toBe('application/pdf');
    expect(files[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The outbox worker hands the file to the SMTP transport with the email.
    const sent: OutgoingEmail[] = [];
    await deliverDue(h.t.db, async (mail) => {
      sent.push(mail);
    });
    const delivered = sent.find((m) => m.to === email && m.subject.startsWith('Invoice'));
    expect(delivered?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [expect.stringMatching(/^invoice-INV-\d{6}\.pdf$/), 'application/pdf'],
    ]);

    const early = await h.assign(cookie, orderId, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Seats can be assigned once this order is paid');

    const team = (await h.inject('GET', '/api/team', cookie)).json();
    expect(team.orders).toEqual([
      expect.objectContaining({ id: orderId, seats: 3, assigned: 0, status: 'awaiting_payment' }),
    ]);
    expect(team.orders[0].invoice.number).toBeGreaterThan(0);
  });

  it('mark paid is idempotent: one receipt, one paid order, seats usable, revenue counted once', async () => {
    const revenue = async () =>
      (await h.inject('GET', '/api/admin/analytics', h.adminCookie)).json().weekly.at(-1).revenue as string;
    const before = Number(await revenue());
    const { orderId, cookie, email } = await h.invoiceOrder(2);
    const results = await Promise.all([h.markPaid(orderId), h.markPaid(orderId), h.markPaid(orderId)]);
    for (const res of results) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('paid');
    }
    expect((await h.markPaid(orderId)).json().status).toBe('paid');
    const receipts = await h.t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'team_receipt')));
    expect(receipts).toHaveLength(1);
    expect(Number(await revenue())).toBe(before + 240);
    expect((await h.assign(cookie, orderId, 1)).statusCode).toBe(201);
  });

  it('hands out gap-free invoice numbers to concurrently confirmed orders', async () => {
    const before = await h.t.db
      .select({ n: sql<number>`coalesce(max(${invoices.number}), 0)::int` })
      .from(invoices);
    const bodies = Array.from({ length: 8 }, () => teamOrderBody(h.course.courseId));
    const placed = await Promise.all(bodies.map((b) => h.inject('POST', '/api/team-orders', undefined, b)));
    expect(placed.map((r) => r.statusCode)).toEqual(Array(8).fill(202));
    const tokens = await Promise.all(bodies.map((b) => confirmationToken(h.t.db, b.buyer.email)));
    const created = await Promise.all(
      tokens.map((token) => h.inject('POST', '/api/team-orders/confirm', undefined, { token })),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const all = await h.t.db.select({ number: invoices.number }).from(invoices);
    const numbers = all.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.at(-1)).toBe(before[0]!.n + 8);
  });
});

describe('card team orders through the payment pipeline', () => {
  it('an abandoned card order is cancelled with its payment, and can no longer be paid', async () => {
    const body = teamOrderBody(h.course.courseId, { seats: 2, payBy: 'card' });
    const order = (await h.inject('POST', '/api/team-orders', undefined, body)).json();
    const [{ paymentId }] = (await h.t.db
      .select({ paymentId: teamOrders.paymentId })
      .from(teamOrders)
      .where(eq(teamOrders.id, order.orderId))) as [{ paymentId: string }];
    const dayAgo = new Date(Date.now() - ABANDON_AFTER_MS - 60_000);
    await h.t.db
      .update(payments)
      .set({ createdAt: dayAgo, updatedAt: dayAgo })
      .where(eq(payments.id, paymentId));

    await reconcilePayments(checkoutDeps(h.t.app));
    const [row] = await h.t.db.select().from(teamOrders).where(eq(teamOrders.id, order.orderId));
    expect(row!.status).toBe('canceled');
    const [payment] = await h.t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'canceled', email: '' });

    const late = await h.inject('POST', '/api/test-payments/confirm', undefined, {
      clientSecret: order.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Morgan Hale' },
    });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    const report = await h.inject('POST', '/api/payment-success', undefined, {
      paymentIntentId: order.paymentIntentId,
    });
    expect(report.json().status).not.toBe('succeeded');
    expect(await h.t.db.select().from(users).where(eq(users.email, body.buyer.email))).toHaveLength(0);
  });

  it('provisions the manager exactly once under 10 concurrent success reports', async () => {
    const body = teamOrderBody(h.course.courseId, { seats: 4, payBy: 'card' });
    const created = await h.inject('POST', '/api/team-orders', undefined, body);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({ status: 'pending', amountPence: 48000, vatPence: 8000 });
    expect(order.paymentIntentId).toBeTruthy();

    const unpaid = await h.inject('POST', '/api/payment-success', undefined, {
      paymentIntentId: order.paymentIntentId,
    });
    expect(unpaid.json().status).not.toBe('succeeded');
    const confirm = await h.inject('POST', '/api/test-payments/confirm', undefined, {
      clientSecret: order.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Morgan Hale' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const reports = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.inject('POST', '/api/payment-success', undefined, { paymentIntentId: order.paymentIntentId }),
      ),
    );
    for (const res of reports) expect(res.json().status).toBe('succeeded');

    const managers = await h.t.db.select().from(users).where(eq(users.email, body.buyer.email));
    expect(managers).toHaveLength(1);
    const [row] = await h.t.db.select().from(teamOrders).where(eq(teamOrders.id, order.orderId));
    expect(row).toMatchObject({ status: 'paid', managerUserId: managers[0]!.id });
    expect(await h.t.db.select().from(invoices).where(eq(invoices.teamOrderId, order.orderId))).toHaveLength(
      1,
    );
    const mails = await h.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.buyer.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(['team_manager_credentials', 'team_receipt']);
    const [payment] = await h.t.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, order.paymentIntentId));
    expect(payment).toMatchObject({ status: 'succeeded', userId: managers[0]!.id });
    // The buyer manages the team; they are not enrolled on the course themselves.
    expect(await h.t.db.select().from(enrolments).where(eq(enrolments.userId, managers[0]!.id))).toHaveLength(
      0,
    );
  });

  it('an existing account that confirms keeps its password and gains the manager role next to student', async () => {
    const existing = await h.t.createUser();
    const studentCookie = await h.t.login(existing);
    await h.t.db
      .insert(enrolments)
      .values({ userId: existing.id, courseId: h.course.courseId, source: 'admin' });
    const body = teamOrderBody(h.course.courseId);
    body.buyer.email = existing.email;
    expect((await h.inject('POST', '/api/team-orders', undefined, body)).statusCode).toBe(202);
    expect((await h.inject('GET', '/api/user', studentCookie)).json().roles).toEqual(['student']);
    const token = await confirmationToken(h.t.db, existing.email);
    expect((await h.inject('POST', '/api/team-orders/confirm', undefined, { token })).statusCode).toBe(200);
    const me = (await h.inject('GET', '/api/user', studentCookie)).json();
    expect(me.roles).toEqual(['student', 'teamManager']);
    const creds = await h.t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, existing.email), eq(emailOutbox.kind, 'team_manager_credentials')),
      );
    expect(creds).toHaveLength(0);
    // Instead they are told their account now manages the team, with a link to it and no password.
    const added = await h.t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, existing.email), eq(emailOutbox.kind, 'team_manager_added')));
    expect(added).toHaveLength(1);
    expect(added[0]!.subject).toBe('You now manage a team on TradeSkills');
    expect(added[0]!.textBody).toContain('/team');
    expect(added[0]!.textBody).not.toMatch(/password:/i);
  });
});
