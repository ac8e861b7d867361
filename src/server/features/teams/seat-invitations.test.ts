import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, enrolments, teamSeats, topicProgress } from '#server/db/schema/index.ts';
import { seedCourse, seedPaidOrder, settlePassword } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';

// A seat for an existing account is an invitation it answers itself, and taking a seat back tells the member
// (docs/team-seats.md "Seats"): tried as another student, another manager, signed out, and twice at once.

let t: TestContext;
let course: Awaited<ReturnType<typeof seedCourse>>;
let manager: TestUser;
let managerCookie: string;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  course = await seedCourse(t.db, 'Invited Course');
  manager = await t.createUser({ firstName: 'Maya', lastName: 'Manager' });
  managerCookie = await t.login(manager);
  orderId = await seedPaidOrder(t.db, { courseId: course.courseId, managerUserId: manager.id, seats: 10 });
});
afterAll(() => t.close());

const seat = (email: string, firstName = 'Typed', lastName = 'Name', cookie = managerCookie) =>
  api(t.app, { cookie }).post(`/api/team/orders/${orderId}/seats`, { firstName, lastName, email });
const enrolled = (userId: string) =>
  t.db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, course.courseId)));
const kinds = async (email: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((m) => m.kind);
const member = async (seatId: string) =>
  (await api(t.app, { cookie: managerCookie }).get('/api/team'))
    .json()
    .members.find((m: { seatId: string }) => m.seatId === seatId);

async function invited(values: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await t.createUser({ firstName: 'Real', lastName: 'Person', ...values });
  const res = await seat(user.email);
  expect(res.statusCode, res.body).toBe(201);
  return { user, cookie: await t.login(user), seatId: res.json().seatId as string, res };
}

describe('a seat for an existing account', () => {
  it('is an invitation: not enrolled, emailed, listed in their portal only, progress hidden until accepted', async () => {
    const { user, cookie, seatId, res } = await invited();
    expect(res.json()).toMatchObject({ status: 'invited', seatId });
    expect(await enrolled(user.id)).toEqual([]);
    expect(await kinds(user.email)).toEqual(['seat_invitation']);

    const list = await api(t.app, { cookie }).get('/api/user/invitations');
    expect(list.json()).toEqual([
      expect.objectContaining({ id: seatId, kind: 'seat', courseId: course.courseId, from: 'Maya Manager' }),
    ]);
    const stranger = await t.login(await t.createUser());
    expect((await api(t.app, { cookie: stranger }).get('/api/user/invitations')).json()).toEqual([]);
    expect((await api(t.app).get('/api/user/invitations')).statusCode).toBe(401);
    expect(await member(seatId)).toMatchObject({ status: 'invited', firstName: 'Typed', progressPercent: 0 });
  });

  it('an account already on the course shows no progress to the manager until it accepts, then its own name', async () => {
    const user = await t.createUser({ firstName: 'Own', lastName: 'Name' });
    await t.db.insert(enrolments).values({ userId: user.id, courseId: course.courseId, source: 'purchase' });
    await t.db.insert(topicProgress).values({
      userId: user.id,
      topicId: course.topicIds[0]!,
      openedAt: new Date(),
      completedAt: new Date(),
    });
    const res = await seat(user.email, 'Wrong', 'Label');
    const seatId = res.json().seatId;
    expect(await member(seatId)).toMatchObject({ topicsDone: 0, started: false, lastActiveAt: null });
    const cookie = await t.login(user);
    const ok = await api(t.app, { cookie }).post(`/api/user/invitations/${seatId}/accept`);
    expect(ok.json()).toEqual({ id: seatId, kind: 'seat', status: 'accepted' });
    expect(await member(seatId)).toMatchObject({
      status: 'active',
      firstName: 'Own',
      lastName: 'Name',
      topicsDone: 1,
      progressPercent: 50,
    });
    // Its progress counts now: a started seat is kept.
    expect((await api(t.app, { cookie: managerCookie }).delete(`/api/team/seats/${seatId}`)).statusCode).toBe(
      409,
    );
  });

  it('only the invited account can answer; accepting twice at once enrols once', async () => {
    const { user, cookie, seatId } = await invited();
    const intruder = await t.login(await t.createUser());
    const otherManager = await t.createUser();
    await seedPaidOrder(t.db, { courseId: course.courseId, managerUserId: otherManager.id });
    const otherManagerCookie = await t.login(otherManager);
    for (const c of [intruder, otherManagerCookie, managerCookie]) {
      expect(
        (await api(t.app, { cookie: c }).post(`/api/user/invitations/${seatId}/accept`)).statusCode,
      ).toBe(404);
    }
    expect((await api(t.app).post(`/api/user/invitations/${seatId}/accept`)).statusCode).toBe(401);
    expect((await api(t.app, { cookie }).post('/api/user/invitations/not-a-uuid/accept')).statusCode).toBe(
      404,
    );

    const acceptedBefore = (await kinds(manager.email)).filter((k) => k === 'seat_accepted').length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(t.app, { cookie }).post(`/api/user/invitations/${seatId}/accept`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await enrolled(user.id)).toHaveLength(1);
    expect((await api(t.app, { cookie }).post(`/api/user/invitations/${seatId}/decline`)).statusCode).toBe(
      409,
    );
    expect((await kinds(manager.email)).filter((k) => k === 'seat_accepted')).toHaveLength(
      acceptedBefore + 1,
    );
  });

  it('declined: the seat is free again, nothing enrolled, the manager told', async () => {
    const { user, cookie, seatId } = await invited();
    const res = await api(t.app, { cookie }).post(`/api/user/invitations/${seatId}/decline`);
    expect(res.json()).toEqual({ id: seatId, kind: 'seat', status: 'declined' });
    expect(await t.db.select().from(teamSeats).where(eq(teamSeats.id, seatId))).toEqual([]);
    expect(await enrolled(user.id)).toEqual([]);
    expect(await kinds(manager.email)).toContain('seat_declined');
    expect((await api(t.app, { cookie }).post(`/api/user/invitations/${seatId}/accept`)).statusCode).toBe(
      404,
    );
  });

  it('staff and admin accounts cannot be seated (409 with a code); the manager may seat themselves at once', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const refused = await seat(admin.email.toUpperCase());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SEAT_FOR_STAFF');
    expect(await t.db.select().from(teamSeats).where(eq(teamSeats.userId, admin.id))).toEqual([]);

    const self = await seat(manager.email);
    expect(self.json().status).toBe('active');
    expect(await enrolled(manager.id)).toHaveLength(1);
  });
});

describe('taking a seat back', () => {
  it('emails the member, and their portal says the course was withdrawn by their employer', async () => {
    const email = `withdrawn-${Date.now()}@example.com`;
    const created = await seat(email, 'New', 'Member');
    expect(created.json().status).toBe('active');
    const revoked = await api(t.app, { cookie: managerCookie }).delete(
      `/api/team/seats/${created.json().seatId}`,
    );
    expect(revoked.statusCode).toBe(204);
    expect(await kinds(email)).toEqual(['credentials', 'seat_withdrawn']);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'seat_withdrawn')));
    expect(mail!.subject).toBe('Your seat on Invited Course was withdrawn by your employer');

    const cookie = await t.login(await settlePassword(t.db, email));
    const withdrawn = await api(t.app, { cookie }).get('/api/user/withdrawn-courses');
    expect(withdrawn.json()).toEqual([
      expect.objectContaining({
        courseId: course.courseId,
        courseTitle: 'Invited Course',
        companyName: 'Seeded Ltd',
      }),
    ]);
    expect((await api(t.app, { cookie }).get('/api/user/courses')).json()).toEqual([]);
    const other = await t.login(await t.createUser());
    expect((await api(t.app, { cookie: other }).get('/api/user/withdrawn-courses')).json()).toEqual([]);
  });

  it('withdrawing an invitation tells the member and removes it from their portal', async () => {
    const { user, cookie, seatId } = await invited();
    expect((await api(t.app, { cookie: managerCookie }).delete(`/api/team/seats/${seatId}`)).statusCode).toBe(
      204,
    );
    expect(await kinds(user.email)).toEqual(['seat_invitation', 'seat_withdrawn']);
    expect((await api(t.app, { cookie }).get('/api/user/invitations')).json()).toEqual([]);
    expect((await api(t.app, { cookie }).get('/api/user/withdrawn-courses')).json()).toEqual([]);
  });
});
