import { randomBytes } from 'node:crypto';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { noStaff, staffGet } from '#server/test/authz-fixtures.ts';
import { daysAgo, seedApprenticeship, seedEntry, seedReview } from './apprenticeships.fixtures.ts';

// Staff columns (docs/staff.md): `tutor` holds the student in their caseload, `otherTutor` someone else;
// instructors and finance reach no apprenticeship route.
const students = { anonymous: 401, student: 403, otherStudent: 403, teamManager: 403 } as const;
const adminOnly = { ...students, admin: 200, ...noStaff } as const;
/** The student's tutor (and admins); other staff 403. */
const tutorOnly = { ...adminOnly, tutor: 200 } as const;
/** Every tutor, over their own caseload (and admins); other staff 403. */
const tutors = { ...tutorOnly, otherTutor: 200 } as const;
/** A student route: staff have no apprenticeship of their own. */
const noRecord = staffGet(404);
const entryBody = () => ({
  date: daysAgo(2),
  hours: 1.5,
  activity: 'theory',
  description: `Regulations for gas safety ${randomBytes(4).toString('hex')}`,
  inPaidHours: true,
});

/** The student is the apprentice and the team manager their employer contact. */
async function apprenticeWithEmployer(world: AuthzWorld) {
  return seedApprenticeship(world.database.db, world.users.student.id, {
    employerContactId: world.users.teamManager.id,
  });
}

/** A review of the student's, with the team manager as the employer contact who signs it. */
async function reviewOfStudent(world: AuthzWorld) {
  await apprenticeWithEmployer(world);
  const review = await seedReview(world.database.db, world.users.student.id);
  return { params: { id: review.id } };
}

export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/otj',
    prepare: async (world) => {
      await apprenticeWithEmployer(world);
      return {};
    },
    expect: { anonymous: 401, student: 200, otherStudent: 200, teamManager: 404, admin: 404, ...noRecord },
    note: 'the caller’s own log only (the other student is an apprentice too); without an apprenticeship 404',
  },
  {
    method: 'POST',
    url: '/api/otj',
    prepare: async (world) => {
      await apprenticeWithEmployer(world);
      return { body: entryBody() };
    },
    expect: { anonymous: 401, student: 201, otherStudent: 201, teamManager: 404, admin: 404, ...noRecord },
    note: 'logs into the caller’s own apprenticeship only (the other student has one too)',
  },
  {
    method: 'PUT',
    url: '/api/otj/:id',
    prepare: async (world) => {
      await apprenticeWithEmployer(world);
      const entry = await seedEntry(world.database.db, world.users.student.id, {
        status: 'rejected',
        rejectionReason: 'Too vague',
      });
      return { params: { id: entry.id }, body: entryBody() };
    },
    expect: { anonymous: 401, student: 200, otherStudent: 404, teamManager: 404, admin: 404, ...noRecord },
    note: 'only the apprentice amends their own rejected entry',
  },
  {
    method: 'GET',
    url: '/api/otj/export.csv',
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 200,
      teamManager: 200,
      admin: 200,
      ...staffGet(200),
    },
    note: 'every signed-in user downloads their own log (empty without an apprenticeship)',
  },
  {
    method: 'GET',
    url: '/api/apprenticeship/summary',
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 200,
      teamManager: 200,
      admin: 200,
      ...staffGet(200),
    },
    note: 'about the caller only',
  },
  {
    method: 'GET',
    url: '/api/reviews',
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 200,
      teamManager: 200,
      admin: 200,
      ...staffGet(200),
    },
    note: 'filtered to the caller: own reviews, reviews as employer contact, all for admins',
  },
  {
    method: 'POST',
    url: '/api/reviews/:id/sign',
    prepare: reviewOfStudent,
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 404,
      teamManager: 200,
      admin: 200,
      ...staffGet(404),
      tutor: 200,
    },
    note: 'apprentice, employer contact and tutor (their tutor or an admin) each sign in their own account',
  },
  {
    method: 'GET',
    url: '/api/reviews/:id/pdf',
    prepare: reviewOfStudent,
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 404,
      teamManager: 200,
      admin: 200,
      ...staffGet(404),
      tutor: 200,
    },
    note: 'the parties to the review only (the apprentice’s tutor is one)',
  },
  {
    method: 'GET',
    url: '/api/admin/students/:id/apprenticeship',
    prepare: async (world) => {
      await apprenticeWithEmployer(world);
      return { params: { id: world.users.student.id } };
    },
    expect: tutorOnly,
  },
  {
    method: 'PUT',
    url: '/api/admin/students/:id/apprenticeship',
    prepare: (world) => ({
      params: { id: world.users.student.id },
      body: {
        standard: 'Electrical Installation',
        startDate: daysAgo(30),
        endDate: daysAgo(-400),
        weeklyContractedHours: 37.5,
        plannedOtjHours: 300,
      },
    }),
    expect: adminOnly,
  },
  { method: 'GET', url: '/api/admin/apprentices', expect: tutors },
  { method: 'GET', url: '/api/admin/caseload', expect: tutors },
  { method: 'GET', url: '/api/admin/apprentices/export.csv', expect: adminOnly },
  { method: 'GET', url: '/api/admin/otj', expect: tutors },
  {
    method: 'POST',
    url: '/api/admin/otj/:id/approve',
    prepare: async (world) => ({
      params: { id: (await seedEntry(world.database.db, world.users.student.id)).id },
    }),
    expect: tutorOnly,
    note: 'the tutor (admin) decides; a team manager cannot approve hours',
  },
  {
    method: 'POST',
    url: '/api/admin/otj/:id/reject',
    prepare: async (world) => ({
      params: { id: (await seedEntry(world.database.db, world.users.student.id)).id },
      body: { reason: 'Please describe what was new' },
    }),
    expect: tutorOnly,
  },
  {
    method: 'POST',
    url: '/api/admin/students/:id/reviews',
    prepare: async (world) => {
      await apprenticeWithEmployer(world);
      return {
        params: { id: world.users.student.id },
        body: { reviewDate: daysAgo(1), progressSummary: 'Good', nextSteps: 'More', otjHoursToDate: 10 },
      };
    },
    expect: { ...adminOnly, admin: 201, tutor: 201 },
  },
  {
    method: 'GET',
    url: '/api/admin/students/:id/reviews',
    prepare: (world) => ({ params: { id: world.users.student.id } }),
    expect: tutorOnly,
  },
];
