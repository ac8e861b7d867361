import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailAttachments,
  emailOutbox,
  enrolments,
  invoices,
  payments,
  teamOrders,
  teamSeats,
  topicProgress,
  users,
} from '#server/db/schema/index.ts';
import { ABANDON_AFTER_MS, checkoutDeps, reconcilePayments } from '#server/features/checkout/index.ts';
import { deliverDue, type OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { seedCourse, seedPaidOrder, settlePassword, teamOrderBody } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let course: Awaited<ReturnType<typeof seedCourse>>;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({
    invoicing: {
      companyName: 'TradeSkills Training Ltd',
      companyAddress: '1 Spark Lane, Manchester, M1 2AB',
      vatNumber: 'GB987654321',
      vatRate: 20,
      bankDetails: 'Sort code 12-34-56, account 12345678',
    },
  });
  course = await seedCourse(t.db, 'Electrical Safety for Teams');
  adminCookie = await t.login(await t.createUser({ role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object });

async function invoiceOrder(seats = 3) {
  const body = teamOrderBody(course.courseId, { seats });
  const res = await inject('POST', '/api/team-orders', undefined, body);
  expect(res.statusCode, res.body).toBe(201);
  const manager = await settlePassword(t.db, body.buyer.email);
  return {
    body,
    orderId: res.json().orderId as string,
    cookie: await t.login(manager),
    email: body.buyer.email,
  };
}

const markPaid = (orderId: string) =>
  inject('POST', `/api/admin/team-orders/${orderId}/mark-paid`, adminCookie);

const assign = (cookie: string, orderId: string, n: number | string) =>
  inject('POST', `/api/team/orders/${orderId}/seats`, cookie, {
    firstName: 'Member',
    lastName: `No${n}`,
    email: `member-${n}-${orderId.slice(0, 8)}@example.com`,
  });

describe('POST /api/team-orders', () => {
  it('prices seats × course price with VAT included, and validates company and buyer', async () => {
    const res = await inject(
      'POST',
      '/api/team-orders',
      undefined,
      teamOrderBody(course.courseId, { seats: 5 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'awaiting_payment', amountPence: 60000, vatPence: 10000 });

    const bad = await inject('POST', '/api/team-orders', undefined, {
      ...teamOrderBody(course.courseId),
      seats: 1,
    });
    expect(bad.statusCode).toBe(400);
    const postcode = teamOrderBody(course.courseId);
    postcode.company.postcode = 'NOT A CODE';
    expect((await inject('POST', '/api/team-orders', undefined, postcode)).statusCode).toBe(400);
    const vat = teamOrderBody(course.courseId);
    vat.company.vatNumber = 'GB12345';
    expect((await inject('POST', '/api/team-orders', undefined, vat)).statusCode).toBe(400);
    const missing = await inject('POST', '/api/team-orders', undefined, {
      ...teamOrderBody('00000000-0000-4000-8000-000000000000'),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('invoice order: the buyer becomes a manager, gets the invoice attached, and seats wait for payment', async () => {
    const { orderId, cookie, email } = await invoiceOrder();
    const me = await inject('GET', '/api/user', cookie);
    expect(me.json()).toMatchObject({ roles: ['teamManager'], isTeamManager: true });

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.kind).sort()).toEqual(['team_invoice', 'team_manager_credentials']);
    const invoiceMail = mails.find((m) => m.kind === 'team_invoice')!;
    const files = await t.db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, invoiceMail.id));
    expect(files).toHaveLength(1);
    expect(files[0]!.contentType).toBe('application/pdf');
    expect(files[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The outbox worker hands the file to the SMTP transport with the email.
    const sent: OutgoingEmail[] = [];
    await deliverDue(t.db, async (mail) => {
      sent.push(mail);
    });
    const delivered = sent.find((m) => m.to === email && m.subject.startsWith('Invoice'));
    expect(delivered?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [expect.stringMatching(/^invoice-INV-\d{6}\.pdf$/), 'application/pdf'],
    ]);

    const early = await assign(cookie, orderId, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Seats can be assigned once this order is paid');

    const team = (await inject('GET', '/api/team', cookie)).json();
    expect(team.orders).toEqual([
      expect.objectContaining({ id: orderId, seats: 3, assigned: 0, status: 'awaiting_payment' }),
    ]);
    expect(team.orders[0].invoice.number).toBeGreaterThan(0);
  });

  it('mark paid is idempotent: one receipt, one paid order, seats usable, revenue counted once', async () => {
    const revenue = async () =>
      (await inject('GET', '/api/admin/analytics', adminCookie)).json().weekly.at(-1).revenue as string;
    const before = Number(await revenue());
    const { orderId, cookie, email } = await invoiceOrder(2);
    const results = await Promise.all([markPaid(orderId), markPaid(orderId), markPaid(orderId)]);
    for (const res of results) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('paid');
    }
    expect((await markPaid(orderId)).json().status).toBe('paid');
    const receipts = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'team_receipt')));
    expect(receipts).toHaveLength(1);
    expect(Number(await revenue())).toBe(before + 240);
    expect((await assign(cookie, orderId, 1)).statusCode).toBe(201);
  });

  it('hands out gap-free invoice numbers to concurrent orders', async () => {
    const before = await t.db
      .select({ n: sql<number>`coalesce(max(${invoices.number}), 0)::int` })
      .from(invoices);
    const created = await Promise.all(
      Array.from({ length: 8 }, () =>
        inject('POST', '/api/team-orders', undefined, teamOrderBody(course.courseId)),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const all = await t.db.select({ number: invoices.number }).from(invoices);
    const numbers = all.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.at(-1)).toBe(before[0]!.n + 8);
  });
});

describe('card team orders through the payment pipeline', () => {
  it('an abandoned card order is cancelled with its payment, and can no longer be paid', async () => {
    const body = teamOrderBody(course.courseId, { seats: 2, payBy: 'card' });
    const order = (await inject('POST', '/api/team-orders', undefined, body)).json();
    const [{ paymentId }] = (await t.db
      .select({ paymentId: teamOrders.paymentId })
      .from(teamOrders)
      .where(eq(teamOrders.id, order.orderId))) as [{ paymentId: string }];
    const dayAgo = new Date(Date.now() - ABANDON_AFTER_MS - 60_000);
    await t.db
      .update(payments)
      .set({ createdAt: dayAgo, updatedAt: dayAgo })
      .where(eq(payments.id, paymentId));

    await reconcilePayments(checkoutDeps(t.app));
    const [row] = await t.db.select().from(teamOrders).where(eq(teamOrders.id, order.orderId));
    expect(row!.status).toBe('canceled');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'canceled', email: '' });

    const late = await inject('POST', '/api/test-payments/confirm', undefined, {
      clientSecret: order.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Morgan Hale' },
    });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    const report = await inject('POST', '/api/payment-success', undefined, {
      paymentIntentId: order.paymentIntentId,
    });
    expect(report.json().status).not.toBe('succeeded');
    expect(await t.db.select().from(users).where(eq(users.email, body.buyer.email))).toHaveLength(0);
  });

  it('provisions the manager exactly once under 10 concurrent success reports', async () => {
    const body = teamOrderBody(course.courseId, { seats: 4, payBy: 'card' });
    const created = await inject('POST', '/api/team-orders', undefined, body);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({ status: 'pending', amountPence: 48000, vatPence: 8000 });
    expect(order.paymentIntentId).toBeTruthy();

    const unpaid = await inject('POST', '/api/payment-success', undefined, {
      paymentIntentId: order.paymentIntentId,
    });
    expect(unpaid.json().status).not.toBe('succeeded');
    const confirm = await inject('POST', '/api/test-payments/confirm', undefined, {
      clientSecret: order.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Morgan Hale' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const reports = await Promise.all(
      Array.from({ length: 10 }, () =>
        inject('POST', '/api/payment-success', undefined, { paymentIntentId: order.paymentIntentId }),
      ),
    );
    for (const res of reports) expect(res.json().status).toBe('succeeded');

    const managers = await t.db.select().from(users).where(eq(users.email, body.buyer.email));
    expect(managers).toHaveLength(1);
    const [row] = await t.db.select().from(teamOrders).where(eq(teamOrders.id, order.orderId));
    expect(row).toMatchObject({ status: 'paid', managerUserId: managers[0]!.id });
    expect(await t.db.select().from(invoices).where(eq(invoices.teamOrderId, order.orderId))).toHaveLength(1);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.buyer.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(['team_manager_credentials', 'team_receipt']);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, order.paymentIntentId));
    expect(payment).toMatchObject({ status: 'succeeded', userId: managers[0]!.id });
    // The buyer manages the team; they are not enrolled on the course themselves.
    expect(await t.db.select().from(enrolments).where(eq(enrolments.userId, managers[0]!.id))).toHaveLength(
      0,
    );
  });

  it('an existing account that buys keeps its password and gains the manager role next to student', async () => {
    const existing = await t.createUser();
    const studentCookie = await t.login(existing);
    await t.db.insert(enrolments).values({ userId: existing.id, courseId: course.courseId, source: 'admin' });
    const body = teamOrderBody(course.courseId);
    body.buyer.email = existing.email;
    expect((await inject('POST', '/api/team-orders', undefined, body)).statusCode).toBe(201);
    const me = (await inject('GET', '/api/user', studentCookie)).json();
    expect(me.roles).toEqual(['student', 'teamManager']);
    const creds = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, existing.email), eq(emailOutbox.kind, 'team_manager_credentials')),
      );
    expect(creds).toHaveLength(0);
    // Instead they are told their account now manages the team, with a link to it and no password.
    const added = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, existing.email), eq(emailOutbox.kind, 'team_manager_added')));
    expect(added).toHaveLength(1);
    expect(added[0]!.subject).toBe('You now manage a team on TradeSkills');
    expect(added[0]!.textBody).toContain('/team');
    expect(added[0]!.textBody).not.toMatch(/password:/i);
  });
});

describe('seats', () => {
  it('never assigns more seats than the order has under concurrent requests', async () => {
    const { orderId, cookie } = await invoiceOrder(2);
    await markPaid(orderId);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => assign(cookie, orderId, `c${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(8);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('No seat is free on this order');
    expect(await t.db.select().from(teamSeats).where(eq(teamSeats.teamOrderId, orderId))).toHaveLength(2);
  });

  it('gives the member an account and the course; an unstarted seat is taken back and reassigned, a started one is kept', async () => {
    const { orderId, cookie } = await invoiceOrder(2);
    await markPaid(orderId);
    const first = await assign(cookie, orderId, 'a');
    expect(first.statusCode, first.body).toBe(201);
    const seat = first.json();
    const [member] = await t.db.select().from(users).where(eq(users.email, seat.email));
    expect(await t.db.select().from(enrolments).where(eq(enrolments.userId, member!.id))).toHaveLength(1);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, seat.email));
    expect(mail.map((m) => m.kind)).toEqual(['credentials']);
    expect((await assign(cookie, orderId, 'a')).json().message).toBe(
      'This person already has a seat on this order',
    );

    const revoked = await inject('DELETE', `/api/team/seats/${seat.seatId}`, cookie);
    expect(revoked.statusCode).toBe(204);
    expect(await t.db.select().from(enrolments).where(eq(enrolments.userId, member!.id))).toHaveLength(0);
    expect((await assign(cookie, orderId, 'b')).statusCode).toBe(201);
    const again = await assign(cookie, orderId, 'a');
    expect(again.statusCode).toBe(201);
    expect((await assign(cookie, orderId, 'c')).statusCode).toBe(409);

    await t.db
      .insert(topicProgress)
      .values({ userId: member!.id, topicId: course.topicIds[0]!, openedAt: new Date() });
    const started = await inject('DELETE', `/api/team/seats/${again.json().seatId}`, cookie);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toContain('has started the course');
  });

  it('buys more seats for a paid order; they count once the top-up is paid', async () => {
    const { orderId, cookie } = await invoiceOrder(2);
    await markPaid(orderId);
    const topUp = await inject('POST', `/api/team/orders/${orderId}/top-ups`, cookie, {
      seats: 3,
      payBy: 'invoice',
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    let team = (await inject('GET', '/api/team', cookie)).json();
    expect(team.orders[0]).toMatchObject({
      seats: 2,
      topUps: [expect.objectContaining({ seats: 3, status: 'awaiting_payment' })],
    });
    expect(team.invoices).toHaveLength(2);
    await markPaid(topUp.json().orderId);
    team = (await inject('GET', '/api/team', cookie)).json();
    expect(team.orders[0].seats).toBe(5);
  });
});

describe('team progress and boundaries', () => {
  it('shows a manager their members on their courses only, never other courses; CSV matches', async () => {
    const { orderId, cookie } = await invoiceOrder(2);
    await markPaid(orderId);
    const seat = (await assign(cookie, orderId, 'p')).json();
    const [member] = await t.db.select().from(users).where(eq(users.email, seat.email));
    const other = await seedCourse(t.db, 'Private Other Course');
    await t.db.insert(enrolments).values({ userId: member!.id, courseId: other.courseId, source: 'admin' });
    const done = new Date('2026-03-02T10:00:00Z');
    await t.db.insert(topicProgress).values([
      {
        userId: member!.id,
        topicId: course.topicIds[0]!,
        openedAt: done,
        completedAt: done,
        updatedAt: done,
      },
      { userId: member!.id, topicId: other.topicIds[0]!, openedAt: new Date(), completedAt: new Date() },
      { userId: member!.id, topicId: other.topicIds[1]!, openedAt: new Date(), completedAt: new Date() },
    ]);
    const team = (await inject('GET', '/api/team', cookie)).json();
    expect(team.members).toEqual([
      expect.objectContaining({
        seatId: seat.seatId,
        courseId: course.courseId,
        progressPercent: 50,
        topicsDone: 1,
        topicsTotal: 2,
        lastActiveAt: done.toISOString(),
        completedAt: null,
      }),
    ]);
    expect(JSON.stringify(team)).not.toContain('Private Other Course');
    const csv = await inject('GET', '/api/team/export.csv', cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"${seat.email}","Electrical Safety for Teams","50","1","2"`);
    expect(csv.body).not.toContain('Private Other Course');
  });

  it('keeps managers to their own orders, and students and admins out of the team portal', async () => {
    const mine = await invoiceOrder(2);
    await markPaid(mine.orderId);
    const seat = (await assign(mine.cookie, mine.orderId, 'x')).json();
    const theirs = await invoiceOrder(2);
    const foreign = [
      await assign(theirs.cookie, mine.orderId, 'y'),
      await inject('DELETE', `/api/team/seats/${seat.seatId}`, theirs.cookie),
      await inject('POST', `/api/team/orders/${mine.orderId}/top-ups`, theirs.cookie, {
        seats: 2,
        payBy: 'invoice',
      }),
    ];
    expect(foreign.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    const theirTeam = (await inject('GET', '/api/team', theirs.cookie)).json();
    expect(theirTeam.members).toEqual([]);
    expect(theirTeam.orders.map((o: { id: string }) => o.id)).toEqual([theirs.orderId]);
    const myInvoice = (await inject('GET', '/api/team', mine.cookie)).json().invoices[0];
    expect((await inject('GET', `/api/invoices/${myInvoice.id}.pdf`, theirs.cookie)).statusCode).toBe(404);
    expect((await inject('GET', `/api/invoices/${myInvoice.id}.pdf`, adminCookie)).statusCode).toBe(200);

    const student = await t.login(await t.createUser());
    expect((await inject('GET', '/api/team', student)).statusCode).toBe(403);
    expect((await inject('GET', '/api/team', adminCookie)).statusCode).toBe(403);
    expect((await inject('GET', '/api/team')).statusCode).toBe(401);
    expect((await inject('GET', `/api/invoices/${myInvoice.id}.pdf`, student)).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/team-orders', mine.cookie)).statusCode).toBe(403);
  });

  it('lets an admin list orders with companies and members, see overdue ones and adjust seats', async () => {
    const manager = await t.createUser();
    const orderId = await seedPaidOrder(t.db, {
      courseId: course.courseId,
      managerUserId: manager.id,
      seats: 2,
    });
    const late = await invoiceOrder(2);
    await t.db
      .update(teamOrders)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(teamOrders.id, late.orderId));
    const list = (await inject('GET', '/api/admin/team-orders', adminCookie)).json().orders;
    expect(list.find((o: { id: string }) => o.id === late.orderId).status).toBe('overdue');
    expect(list.find((o: { id: string }) => o.id === orderId)).toMatchObject({
      company: expect.objectContaining({ name: 'Seeded Ltd' }),
      capacity: 2,
      members: [],
    });
    const adjust = (capacity: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/team-orders/${orderId}/capacity`,
        headers: { cookie: adminCookie },
        payload: { capacity },
      });
    expect((await adjust(4)).json().capacity).toBe(4);
    const cookie = await t.login(manager);
    await assign(cookie, orderId, 1);
    await assign(cookie, orderId, 2);
    const refused = await adjust(1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('More seats are assigned');
  });
});

describe('invoice PDF', () => {
  it('prints every field of a UK VAT invoice, with terms and bank details on invoice orders', async () => {
    const { cookie, body } = await invoiceOrder(3);
    const team = (await inject('GET', '/api/team', cookie)).json();
    const res = await inject('GET', `/api/invoices/${team.invoices[0].id}.pdf`, cookie);
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
      const orderId = res.json().orderId;
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

function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `invoice-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}
