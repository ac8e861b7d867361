import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '#server/db/client.ts';
import { apprenticeships, otjEntries, progressReviews } from '#server/db/schema/index.ts';
import type { TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { ukIsoDate } from '#shared/format.ts';

/**
 * The UK calendar day n days before today. Counted in calendar days from the UK's today, not in 24-hour steps:
 * between 23:00 and midnight UTC in winter, 24-hour steps back into summer time land a day late.
 */
export function daysAgo(n: number): string {
  const today = new Date(`${ukIsoDate()}T00:00:00Z`);
  today.setUTCDate(today.getUTCDate() - n);
  return today.toISOString().slice(0, 10);
}
export const daysAhead = (n: number) => daysAgo(-n);

/** An apprenticeship that started 200 days ago and ends in 400 (tests and the authorization matrix). */
export async function seedApprenticeship(
  db: Queryable,
  studentId: string,
  values: Partial<typeof apprenticeships.$inferInsert> = {},
) {
  const [row] = await db
    .insert(apprenticeships)
    .values({
      studentId,
      standard: 'Plumbing and Domestic Heating Technician',
      level: 3,
      startDate: daysAgo(200),
      endDate: daysAhead(400),
      weeklyContractedHours: 37.5,
      plannedOtjHours: 400,
      ...values,
    })
    .onConflictDoUpdate({ target: apprenticeships.studentId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function seedEntry(
  db: Queryable,
  studentId: string,
  values: Partial<typeof otjEntries.$inferInsert> = {},
) {
  const record = await seedApprenticeship(db, studentId);
  const [row] = await db
    .insert(otjEntries)
    .values({
      apprenticeshipId: record.id,
      studentId,
      date: daysAgo(3),
      seconds: 2 * 3600,
      activity: 'practical_training',
      description: `Fitted a combi boiler under supervision ${randomBytes(4).toString('hex')}`,
      inPaidHours: true,
      ...values,
    })
    .returning();
  return row!;
}

export async function seedReview(
  db: Queryable,
  studentId: string,
  values: Partial<typeof progressReviews.$inferInsert> = {},
) {
  const record = await seedApprenticeship(db, studentId);
  const [row] = await db
    .insert(progressReviews)
    .values({
      apprenticeshipId: record.id,
      studentId,
      employerContactId: record.employerContactId,
      reviewDate: daysAgo(1),
      progressSummary: 'On track with pipework KSBs',
      otjHoursToDate: 42,
      nextSteps: 'Complete the unvented cylinder module',
      ...values,
    })
    .returning();
  return row!;
}

/**
 * `call(cookie, 'POST', url, body)`: the one request helper (test/request.ts) in the shape these tests read
 * best. `app` is read at call time (the test app is made in beforeAll).
 */
export const callerFor =
  (app: () => FastifyInstance) =>
  (cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    api(app(), cookie ? { cookie } : {})[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](
      url,
      payload as object | undefined,
    );

/** Uploads a file through the signed-URL flow as `cookie`'s user; the object path and the PUT's status. */
export async function uploadFile(
  app: FastifyInstance,
  cookie: string,
  fileType: 'image' | 'document',
  contentType: string,
  bytes: Buffer,
) {
  const target = (
    await api(app, { cookie }).post('/api/objects/upload', { fileType, contentType, size: bytes.length })
  ).json();
  const put = await app.inject({
    method: 'PUT',
    url: target.uploadURL,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
  return { objectPath: target.objectPath as string, status: put.statusCode };
}

let entrySeq = 0;
/** A valid POST /api/otj body (a new description each time, so no two are duplicates). */
export const otjEntryBody = (values: Record<string, unknown> = {}) => ({
  date: daysAgo(5),
  hours: 2,
  activity: 'practical_training',
  description: `Installed a radiator valve, step ${++entrySeq}`,
  inPaidHours: true,
  ...values,
});

/** The people of the OTJ tests, signed in: a tutor (admin), an apprentice, and a student who is neither. */
export async function otjPeople(t: TestContext) {
  const adminUser = await t.createUser({ role: 'admin', firstName: 'Tina', lastName: 'Tutor' });
  const apprentice = await t.createUser({ firstName: 'Aisha', lastName: 'Khan' });
  const other = await t.createUser({ firstName: 'Olly', lastName: 'Other' });
  return {
    adminUser,
    admin: await t.login(adminUser),
    apprentice,
    apprenticeCookie: await t.login(apprentice),
    other,
    otherCookie: await t.login(other),
  };
}

let standardSeq = 0;
/** Where this file's reference numbers start: consecutive imports never share one (up to 1,000 a file). */
const STANDARD_BASE = Math.floor(Math.random() * 1000);
/**
 * A Skills England-shaped record for tests only: placeholder texts, a reference number no real standard uses
 * (ST9…), never real standard data (docs/apprenticeships.md "Standards and KSBs").
 */
export const fixtureStandardRecord = (values: Record<string, unknown> = {}) => {
  const n = ++standardSeq;
  const guid = (kind: string, i: number) =>
    `00000000-0000-4000-8000-${kind}${String(n).padStart(5, '0')}${i}`.slice(0, 36);
  return {
    // ST9000–ST9799: the tests that name a reference themselves use ST98xx, so a fixture never takes theirs.
    referenceNumber: `ST9${String((STANDARD_BASE + n) % 800).padStart(3, '0')}`,
    version: '1.0',
    title: `Fixture standard ${n}`,
    level: 3,
    larsCode: 90_000 + n,
    typicalDuration: 24,
    status: 'Approved for delivery',
    knowledges: [1, 2].map((i) => ({ knowledgeId: guid('a', i), detail: `Fixture knowledge ${i}` })),
    skills: [1, 2].map((i) => ({ skillId: guid('b', i), detail: `Fixture skill ${i}` })),
    behaviours: [1].map((i) => ({ behaviourId: guid('c', i), detail: `Fixture behaviour ${i}` })),
    ...values,
  };
};
