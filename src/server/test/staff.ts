import { eq } from 'drizzle-orm';
import { apprenticeships, otjEntries } from '#server/db/schema/index.ts';
import type { StaffRole } from '#shared/constants.ts';
import type { TestContext } from './harness.ts';

/** A signed-in staff member holding `roles` (made in the database, as an accepted invitation would). */
export async function signedInStaff(t: TestContext, ...roles: StaffRole[]) {
  const user = await t.createUser({
    role: roles.includes('admin') ? 'admin' : 'staff',
    staffRoles: roles.filter((r): r is Exclude<StaffRole, 'admin'> => r !== 'admin'),
    firstName: roles.join('-') || 'former',
  });
  return { ...user, cookie: await t.login(user) };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An apprenticeship (started 200 days ago, 400 planned hours) in `tutorUserId`'s caseload, or in none. */
export async function apprenticeIn(t: TestContext, studentId: string, tutorUserId: string | null = null) {
  const [row] = await t.db
    .insert(apprenticeships)
    .values({
      studentId,
      standard: 'Electrotechnical',
      startDate: day(-200),
      endDate: day(400),
      weeklyContractedHours: 37.5,
      plannedOtjHours: 400,
      tutorUserId,
    })
    .onConflictDoUpdate({ target: apprenticeships.studentId, set: { tutorUserId } })
    .returning();
  return row!;
}

/** A pending two-hour OTJ entry of an apprentice (made with apprenticeIn). */
export async function pendingEntry(t: TestContext, studentId: string) {
  const [record] = await t.db.select().from(apprenticeships).where(eq(apprenticeships.studentId, studentId));
  const [row] = await t.db
    .insert(otjEntries)
    .values({
      apprenticeshipId: record!.id,
      studentId,
      date: day(-3),
      seconds: 7200,
      activity: 'practical_training',
      description: `Wired a consumer unit ${crypto.randomUUID().slice(0, 8)}`,
      inPaidHours: true,
    })
    .returning();
  return row!;
}
