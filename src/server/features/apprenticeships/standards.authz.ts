import { apprenticeshipQualifications } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { noStaff, signedIn, staffGet } from '#server/test/authz-fixtures.ts';
import { createCourse, createModule, createTopic } from '#server/test/factories.ts';
import { seedApprenticeship } from './apprenticeships.fixtures.ts';

// Standards, KSB evidence, gateway readiness and the ILR file (docs/apprenticeships.md).
const ADMIN = {
  anonymous: 401,
  student: 403,
  otherStudent: 403,
  teamManager: 403,
  admin: 200,
  ...noStaff,
} as const;
const bySelf = signedIn(200);

/** The student is the apprentice, the team manager their employer contact. */
const apprentice = async (world: AuthzWorld) => {
  await seedApprenticeship(world.database.db, world.users.student.id, {
    employerContactId: world.users.teamManager.id,
  });
  return { params: { id: world.users.student.id } };
};

/** A qualification on the apprentice's plan (each actor gets its own, so a DELETE finds one). */
const qualification = async (world: AuthzWorld) => {
  const record = await seedApprenticeship(world.database.db, world.users.student.id, {
    employerContactId: world.users.teamManager.id,
  });
  const [row] = await world.database.db
    .insert(apprenticeshipQualifications)
    .values({ apprenticeshipId: record.id, title: 'Level 2 functional skills maths' })
    .returning();
  return { params: { id: world.users.student.id, qualificationId: row!.id } };
};

const topic = async (world: AuthzWorld) => {
  const course = await createCourse(world.database.db);
  const mod = await createModule(world.database.db, course.id, 1);
  return (await createTopic(world.database.db, mod.id, 1)).id;
};

let seq = 0;
const record = () => ({
  referenceNumber: `ST8${String(++seq % 1000).padStart(3, '0')}`,
  version: `1.${seq}`,
  title: 'Authorization matrix fixture',
  level: 3,
  larsCode: 1,
  typicalDuration: 12,
  knowledges: [{ knowledgeId: 'fixture-k', detail: 'Fixture knowledge' }],
  skills: [],
  behaviours: [],
});

export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/admin/standards',
    prepare: () => ({ body: record() }),
    expect: { ...ADMIN, admin: 201 },
  },
  {
    method: 'GET',
    url: '/api/admin/standards',
    expect: { ...ADMIN, ...staffGet(200), finance: 403 },
    note: 'admins, tutors and instructors (staff columns in staff-roles.test.ts)',
  },
  {
    method: 'PUT',
    url: '/api/admin/standards/:id',
    prepare: () => ({ body: { minimumOtjHours: 200 } }),
    expect: { ...ADMIN, admin: 404 },
    note: 'admins only; an unknown standard is 404',
  },
  {
    method: 'GET',
    url: '/api/admin/topics/:id/ksbs',
    prepare: async (world) => ({ params: { id: await topic(world) } }),
    expect: ADMIN,
    note: 'admins and the course’s instructors',
  },
  {
    method: 'PUT',
    url: '/api/admin/topics/:id/ksbs',
    prepare: async (world) => ({ params: { id: await topic(world) }, body: { ksbIds: [] } }),
    expect: ADMIN,
    note: 'admins and the course’s instructors',
  },
  {
    method: 'GET',
    url: '/api/admin/students/:id/gateway',
    prepare: apprentice,
    expect: { ...ADMIN, tutor: 200 },
    note: 'admins and the apprentice’s tutor',
  },
  {
    method: 'POST',
    url: '/api/admin/students/:id/gateway/sign',
    prepare: apprentice,
    expect: { ...ADMIN, admin: 409, tutor: 409 },
    note: 'the tutor signs once every check passes (none do here: 409)',
  },
  {
    method: 'POST',
    url: '/api/admin/students/:id/ksbs/:ksbId/sign-off',
    prepare: async (world) => ({
      params: { ...(await apprentice(world)).params, ksbId: crypto.randomUUID() },
    }),
    expect: { ...ADMIN, admin: 404, tutor: 404 },
    note: 'the tutor only; a KSB not in the standard is 404',
  },
  {
    method: 'POST',
    url: '/api/admin/students/:id/qualifications',
    prepare: async (world) => ({ ...(await apprentice(world)), body: { title: 'Level 3 diploma' } }),
    expect: { ...ADMIN, admin: 201, tutor: 201 },
  },
  {
    method: 'PUT',
    url: '/api/admin/students/:id/qualifications/:qualificationId',
    prepare: async (world) => ({
      ...(await qualification(world)),
      body: { title: 'Level 2 functional skills maths', achievedOn: '2026-01-12' },
    }),
    expect: { ...ADMIN, tutor: 200 },
    note: 'admins and the apprentice’s tutor',
  },
  {
    method: 'DELETE',
    url: '/api/admin/students/:id/qualifications/:qualificationId',
    prepare: qualification,
    expect: { ...ADMIN, admin: 204, tutor: 204 },
    note: 'admins and the apprentice’s tutor',
  },
  {
    method: 'GET',
    url: '/api/admin/ilr.xml',
    prepare: () => ({ query: 'year=2526' }),
    expect: { ...ADMIN, admin: 422 },
    note: 'admins only; without UKPRN configured the file cannot be written (422)',
  },
  {
    method: 'GET',
    url: '/api/admin/gateway',
    expect: { ...ADMIN, tutor: 200, otherTutor: 200 },
    note: 'admins (everyone) and tutors (caseload)',
  },
  {
    method: 'GET',
    url: '/api/apprenticeship/gateway',
    prepare: apprentice,
    expect: { ...signedIn(404), student: 200, otherStudent: 200 },
    note: 'the caller’s own (the other student is an apprentice too); 404 for anyone who is not one',
  },
  {
    method: 'GET',
    url: '/api/employer/apprentices',
    expect: bySelf,
    note: 'the apprentices the caller is employer contact for (empty for others)',
  },
  {
    method: 'POST',
    url: '/api/employer/apprentices/:id/gateway/sign',
    prepare: apprentice,
    expect: { ...signedIn(403), teamManager: 409 },
    note: 'the employer contact only, once every check passes (none do here: 409)',
  },
];
