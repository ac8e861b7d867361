import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  emailOutbox,
  enrolments,
  teamOrders,
  teamSeats,
  topicProgress,
  users,
} from '#server/db/schema/index.ts';
import { seedCourse, seedPaidOrder, settlePassword } from '#server/test/fixtures/teams.ts';
import { teamsHarness } from './teams-harness.ts';

// Seats on a paid order for new people (an existing account is invited: seat-invitations.test.ts), the manager's
// view of their team, and the boundaries between teams.

const h = teamsHarness();

describe('seats', () => {
  it('never assigns more seats than the order has under concurrent requests', async () => {
    const { orderId, cookie } = await h.invoiceOrder(2);
    await h.markPaid(orderId);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => h.assign(cookie, orderId, `c${i}`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(8);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('No seat is free on this order');
    expect(await h.t.db.select().from(teamSeats).where(eq(teamSeats.teamOrderId, orderId))).toHaveLength(2);
  });

  it('gives the member an account and the course; an unstarted seat is taken back and reassigned, a started one is kept', async () => {
    const { orderId, cookie } = await h.invoiceOrder(2);
    await h.markPaid(orderId);
    const first = await h.assign(cookie, orderId, 'a');
    expect(first.statusCode, first.body).toBe(201);
    const seat = first.json();
    const [member] = await h.t.db.select().from(users).where(eq(users.email, seat.email));
    expect(await h.t.db.select().from(enrolments).where(eq(enrolments.userId, member!.id))).toHaveLength(1);
    const mail = await h.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, seat.email));
    expect(mail.map((m) => m.kind)).toEqual(['credentials']);
    expect((await h.assign(cookie, orderId, 'a')).json().message).toBe(
      'This person already has a seat on this order',
    );

    const revoked = await h.inject('DELETE', `/api/team/seats/${seat.seatId}`, cookie);
    expect(revoked.statusCode).toBe(204);
    expect(await h.t.db.select().from(enrolments).where(eq(enrolments.userId, member!.id))).toHaveLength(0);
    expect((await h.assign(cookie, orderId, 'b')).statusCode).toBe(201);
    // The account exists now, so the seat is an invitation; it holds the seat until answered.
    const again = await h.assign(cookie, orderId, 'a');
    expect(again.statusCode).toBe(201);
    expect(again.json().status).toBe('invited');
    expect((await h.assign(cookie, orderId, 'c')).statusCode).toBe(409);
    await settlePassword(h.t.db, seat.email);
    const memberCookie = await h.t.login({ email: seat.email, password: 'Manager123!' });
    const accepted = await h.inject(
      'POST',
      `/api/user/invitations/${again.json().seatId}/accept`,
      memberCookie,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    await h.t.db
      .insert(topicProgress)
      .values({ userId: member!.id, topicId: h.course.topicIds[0]!, openedAt: new Date() });
    const started = await h.inject('DELETE', `/api/team/seats/${again.json().seatId}`, cookie);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toContain('has started the course');
  });

  it('buys more seats for a paid order; they count once the top-up is paid', async () => {
    const { orderId, cookie } = await h.invoiceOrder(2);
    await h.markPaid(orderId);
    const topUp = await h.inject('POST', `/api/team/orders/${orderId}/top-ups`, cookie, {
      seats: 3,
      payBy: 'invoice',
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    let team = (await h.inject('GET', '/api/team', cookie)).json();
    expect(team.orders[0]).toMatchObject({
      seats: 2,
      topUps: [expect.objectContaining({ seats: 3, status: 'awaiting_payment' })],
    });
    expect(team.invoices).toHaveLength(2);
    await h.markPaid(topUp.json().orderId);
    team = (await h.inject('GET', '/api/team', cookie)).json();
    expect(team.orders[0].seats).toBe(5);
  });
});

describe('team progress and boundaries', () => {
  it('shows a manager their members on their courses only, never other courses; CSV matches', async () => {
    const { orderId, cookie } = await h.invoiceOrder(2);
    await h.markPaid(orderId);
    const seat = (await h.assign(cookie, orderId, 'p')).json();
    const [member] = await h.t.db.select().from(users).where(eq(users.email, seat.email));
    const other = await seedCourse(h.t.db, 'Private Other Course');
    await h.t.db.insert(enrolments).values({ userId: member!.id, courseId: other.courseId, source: 'admin' });
    const done = new Date('2026-03-02T10:00:00Z');
    await h.t.db.insert(topicProgress).values([
      {
        userId: member!.id,
        topicId: h.course.topicIds[0]!,
        openedAt: done,
        completedAt: done,
        updatedAt: done,
      },
      { userId: member!.id, topicId: other.topicIds[0]!, openedAt: new Date(), completedAt: new Date() },
      { userId: member!.id, topicId: other.topicIds[1]!, openedAt: new Date(), completedAt: new Date() },
    ]);
    const team = (await h.inject('GET', '/api/team', cookie)).json();
    expect(team.members).toEqual([
      expect.objectContaining({
        seatId: seat.seatId,
        courseId: h.course.courseId,
        progressPercent: 50,
        topicsDone: 1,
        topicsTotal: 2,
        lastActiveAt: done.toISOString(),
        completedAt: null,
      }),
    ]);
    expect(JSON.stringify(team)).not.toContain('Private Other Course');
    const csv = await h.inject('GET', '/api/team/export.csv', cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"${seat.email}","Electrical Safety for Teams","50","1","2"`);
    expect(csv.body).not.toContain('Private Other Course');
  });

  it('keeps managers to their own orders, and students and admins out of the team portal', async () => {
    const mine = await h.invoiceOrder(2);
    await h.markPaid(mine.orderId);
    const seat = (await h.assign(mine.cookie, mine.orderId, 'x')).json();
    const theirs = await h.invoiceOrder(2);
    const foreign = [
      await h.assign(theirs.cookie, mine.orderId, 'y'),
      await h.inject('DELETE', `/api/team/seats/${seat.seatId}`, theirs.cookie),
      await h.inject('POST', `/api/team/orders/${mine.orderId}/top-ups`, theirs.cookie, {
        seats: 2,
        payBy: 'invoice',
      }),
    ];
    expect(foreign.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    const theirTeam = (await h.inject('GET', '/api/team', theirs.cookie)).json();
    expect(theirTeam.members).toEqual([]);
    expect(theirTeam.orders.map((o: { id: string }) => o.id)).toEqual([theirs.orderId]);
    const myInvoice = (await h.inject('GET', '/api/team', mine.cookie)).json().invoices[0];
    expect((await h.inject('GET', `/api/invoices/${myInvoice.id}.pdf`, theirs.cookie)).statusCode).toBe(404);
    expect((await h.inject('GET', `/api/invoices/${myInvoice.id}.pdf`, h.adminCookie)).statusCode).toBe(200);

    const student = await h.t.login(await h.t.createUser());
    expect((await h.inject('GET', '/api/team', student)).statusCode).toBe(403);
    expect((await h.inject('GET', '/api/team', h.adminCookie)).statusCode).toBe(403);
    expect((await h.inject('GET', '/api/team')).statusCode).toBe(401);
    expect((await h.inject('GET', `/api/invoices/${myInvoice.id}.pdf`, student)).statusCode).toBe(404);
    expect((await h.inject('GET', '/api/admin/team-orders', mine.cookie)).statusCode).toBe(403);
  });

  it('lets an admin list orders with companies and members, see overdue ones and adjust seats', async () => {
    const manager = await h.t.createUser();
    const orderId = await seedPaidOrder(h.t.db, {
      courseId: h.course.courseId,
      managerUserId: manager.id,
      seats: 2,
    });
    const late = await h.invoiceOrder(2);
    await h.t.db
      .update(teamOrders)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(teamOrders.id, late.orderId));
    const list = (await h.inject('GET', '/api/admin/team-orders', h.adminCookie)).json().orders;
    expect(list.find((o: { id: string }) => o.id === late.orderId).status).toBe('overdue');
    expect(list.find((o: { id: string }) => o.id === orderId)).toMatchObject({
      company: expect.objectContaining({ name: 'Seeded Ltd' }),
      capacity: 2,
      members: [],
    });
    const adjust = (capacity: number) =>
      h.t.app.inject({
        method: 'PUT',
        url: `/api/admin/team-orders/${orderId}/capacity`,
        headers: { cookie: h.adminCookie },
        payload: { capacity },
      });
    expect((await adjust(4)).json().capacity).toBe(4);
    const cookie = await h.t.login(manager);
    await h.assign(cookie, orderId, 1);
    await h.assign(cookie, orderId, 2);
    const refused = await adjust(1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('More seats are assigned');
  });
});
