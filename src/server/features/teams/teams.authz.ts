import { randomUUID } from 'node:crypto';
import { apprenticeships, teamSeats, users } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { everyone, noStaff, staffGet } from '#server/test/authz-fixtures.ts';
import {
  seedCourse,
  seedPaidOrder,
  seedUnconfirmedOrder,
  teamOrderBody,
} from '#server/test/fixtures/teams.ts';

// Team routes: buying is public; the portal is for the manager of the order only (another team's manager gets
// 404, as if the order did not exist); students and admins are not team managers (403); the admin Teams API is
// admin-only.

/** A paid order on a fresh course, managed by `manager` (the teamManager actor unless a case says otherwise). */
async function managedOrder(world: AuthzWorld, manager = world.users.teamManager.id) {
  const { courseId } = await seedCourse(world.database.db);
  return seedPaidOrder(world.database.db, { courseId, managerUserId: manager });
}

// Staff accounts are never team managers (docs/staff.md); the admin Teams API is for admins and finance.
const TEAM_ONLY = { anonymous: 401, student: 403, otherStudent: 403, admin: 403, ...noStaff } as const;
const ADMIN_ONLY = {
  anonymous: 401,
  student: 403,
  otherStudent: 403,
  teamManager: 403,
  admin: 200,
  ...noStaff,
  finance: 200,
} as const;

/** A manager who is none of the actors (another company's). */
async function otherManager(world: AuthzWorld): Promise<string> {
  const [user] = await world.database.db
    .insert(users)
    .values({ email: `other-manager-${randomUUID()}@example.com`, passwordHash: 'x' })
    .returning({ id: users.id });
  return user!.id;
}

async function unconfirmed(world: AuthzWorld) {
  return seedUnconfirmedOrder(world.database.db, (await seedCourse(world.database.db)).courseId);
}

/** A seat offered to the student's existing account by another company's manager; returns the invitation id. */
async function seatInvitation(world: AuthzWorld): Promise<string> {
  const orderId = await managedOrder(world, await otherManager(world));
  const [seat] = await world.database.db
    .insert(teamSeats)
    .values({
      teamOrderId: orderId,
      userId: world.users.student.id,
      email: world.users.student.email,
      firstName: 'Stu',
      lastName: 'Dent',
      status: 'invited',
      createdEnrolment: false,
    })
    .returning({ id: teamSeats.id });
  return seat!.id;
}

const newMember = () => ({
  firstName: 'Ali',
  lastName: 'Member',
  email: `member-${randomUUID()}@example.com`,
});

export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/team-orders/pricing',
    note: 'public: the VAT rate for the price summary',
    expect: {
      anonymous: 200,
      student: 200,
      otherStudent: 200,
      teamManager: 200,
      admin: 200,
      ...staffGet(200),
    },
  },
  {
    method: 'POST',
    url: '/api/team-orders/quote',
    prepare: async (world) => ({
      body: { courseId: (await seedCourse(world.database.db)).courseId, seats: 5 },
    }),
    note: "public: the server's price for the team price summary",
    expect: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/team-orders',
    note: 'public: anyone may order for a team; an invoice order for an email not the caller’s waits for its owner (202)',
    prepare: async (world) => ({ body: teamOrderBody((await seedCourse(world.database.db)).courseId) }),
    expect: {
      anonymous: 202,
      student: 202,
      otherStudent: 202,
      teamManager: 202,
      admin: 202,
      ...staffGet(202),
    },
  },
  {
    method: 'POST',
    url: '/api/team-orders/pending',
    note: 'public: whoever holds the emailed link sees the order it is for',
    prepare: async (world) => ({ body: { token: (await unconfirmed(world)).token } }),
    expect: {
      anonymous: 200,
      student: 200,
      otherStudent: 200,
      teamManager: 200,
      admin: 200,
      ...staffGet(200),
    },
  },
  {
    method: 'POST',
    url: '/api/team-orders/confirm',
    note: 'public: the token from the email to the buyer’s address is the proof; the session does not matter',
    prepare: async (world) => ({ body: { token: (await unconfirmed(world)).token } }),
    expect: {
      anonymous: 200,
      student: 200,
      otherStudent: 200,
      teamManager: 200,
      admin: 200,
      ...staffGet(200),
    },
  },
  {
    method: 'POST',
    url: '/api/team/seats/:seatId/employer-contact',
    note: 'manager of the seat’s order only (the member is an apprentice with no contact)',
    prepare: async (world) => {
      const db = world.database.db;
      const orderId = await managedOrder(world);
      const member = newMember();
      const [user] = await db
        .insert(users)
        .values({ ...member, passwordHash: 'x' })
        .returning({ id: users.id });
      await db.insert(apprenticeships).values({
        studentId: user!.id,
        standard: 'Installation Electrician',
        startDate: '2026-01-05',
        endDate: '2027-12-20',
        weeklyContractedHours: 37.5,
        plannedOtjHours: 400,
      });
      const [seat] = await db
        .insert(teamSeats)
        .values({ ...member, teamOrderId: orderId, userId: user!.id, createdEnrolment: true })
        .returning({ id: teamSeats.id });
      return { params: { seatId: seat!.id } };
    },
    expect: { ...TEAM_ONLY, teamManager: 201 },
  },
  {
    method: 'GET',
    url: '/api/user/invitations',
    note: 'every signed-in account: its own invitations',
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 200,
      teamManager: 200,
      admin: 200,
      ...staffGet(200),
    },
  },
  ...(['accept', 'decline'] as const).map(
    (action): AuthzCase => ({
      method: 'POST',
      url: `/api/user/invitations/:id/${action}`,
      note: 'the invited account only (everyone else: 404, as if it did not exist)',
      prepare: async (world) => ({ params: { id: await seatInvitation(world) } }),
      expect: {
        anonymous: 401,
        student: 200,
        otherStudent: 404,
        teamManager: 404,
        admin: 404,
        ...staffGet(404),
      },
    }),
  ),
  {
    method: 'GET',
    url: '/api/user/withdrawn-courses',
    note: 'every signed-in account: courses its employer took back',
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 200,
      teamManager: 200,
      admin: 200,
      ...staffGet(200),
    },
  },
  {
    method: 'GET',
    url: '/api/team',
    note: 'team managers only; each sees their own orders',
    prepare: async (world) => {
      await managedOrder(world);
      return {};
    },
    expect: { ...TEAM_ONLY, teamManager: 200 },
  },
  {
    method: 'GET',
    url: '/api/team/export.csv',
    note: 'team managers only; their own members',
    prepare: async (world) => {
      await managedOrder(world);
      return {};
    },
    expect: { ...TEAM_ONLY, teamManager: 200 },
  },
  {
    method: 'POST',
    url: '/api/team/orders/:orderId/seats',
    note: 'manager of this order only',
    prepare: async (world) => ({ params: { orderId: await managedOrder(world) }, body: newMember() }),
    expect: { ...TEAM_ONLY, teamManager: 201 },
  },
  {
    method: 'POST',
    url: '/api/team/orders/:orderId/seats',
    note: "another team's order: the teamManager actor manages one of their own but gets 404 on this one",
    prepare: async (world) => {
      await managedOrder(world);
      return { params: { orderId: await managedOrder(world, await otherManager(world)) }, body: newMember() };
    },
    expect: { ...TEAM_ONLY, teamManager: 404 },
  },
  {
    method: 'DELETE',
    url: '/api/team/seats/:seatId',
    note: 'manager of the seat’s order only',
    prepare: async (world) => {
      const db = world.database.db;
      const orderId = await managedOrder(world);
      const member = newMember();
      const [user] = await db
        .insert(users)
        .values({ ...member, passwordHash: 'x' })
        .returning({ id: users.id });
      const [seat] = await db
        .insert(teamSeats)
        .values({ ...member, teamOrderId: orderId, userId: user!.id, createdEnrolment: false })
        .returning({ id: teamSeats.id });
      return { params: { seatId: seat!.id } };
    },
    expect: { ...TEAM_ONLY, teamManager: 204 },
  },
  {
    method: 'POST',
    url: '/api/team/orders/:orderId/top-ups',
    note: 'manager of this order only',
    prepare: async (world) => ({
      params: { orderId: await managedOrder(world) },
      body: { seats: 2, payBy: 'invoice' },
    }),
    expect: { ...TEAM_ONLY, teamManager: 201 },
  },
  {
    method: 'GET',
    url: '/api/admin/team-orders',
    note: 'admin-only',
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    url: '/api/admin/team-orders/:id/mark-paid',
    note: 'admin-only; idempotent on a paid order',
    prepare: async (world) => ({ params: { id: await managedOrder(world) } }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'PUT',
    url: '/api/admin/team-orders/:id/capacity',
    note: 'admin-only',
    prepare: async (world) => ({ params: { id: await managedOrder(world) }, body: { capacity: 5 } }),
    expect: ADMIN_ONLY,
  },
];
