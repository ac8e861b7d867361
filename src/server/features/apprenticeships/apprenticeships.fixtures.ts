import { randomBytes } from 'node:crypto';
import type { Queryable } from '#server/db/client.ts';
import { apprenticeships, otjEntries, progressReviews } from '#server/db/schema/index.ts';
import { ukIsoDate } from '#shared/format.ts';

export const daysAgo = (n: number) => ukIsoDate(new Date(Date.now() - n * 24 * 60 * 60 * 1000));
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
