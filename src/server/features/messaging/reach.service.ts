import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { apprenticeships, courseInstructors, enrolments, users } from '#server/db/schema/index.ts';
import { accountPrincipal, can, hasRole, type Principal } from '#server/lib/access.policy.ts';
import { forbidden } from '#server/lib/http.error.ts';
import type { UserRow } from '#server/lib/sessions.service.ts';

// Whom a person may start a conversation with (docs/staff.md): admins anyone; a tutor their caseload; an
// instructor the students enrolled in the courses they teach; tutors and instructors other staff too; a student
// staff only (their contacts list shows the admins, their tutor and their courses' instructors). Finance has no
// messages.

type Person = { id: string } & Pick<UserRow, 'role' | 'staffRoles'>;

const CONTACTS_MAX = 500;

/** The students among `among` (or all, up to the contacts limit) a tutor or instructor may message. */
async function studentsInReach(db: Queryable, viewer: Principal, among?: string[]): Promise<string[]> {
  const ids = new Set<string>();
  if (hasRole(viewer, 'tutor')) {
    const rows = await db
      .select({ id: apprenticeships.studentId })
      .from(apprenticeships)
      .where(
        and(
          eq(apprenticeships.tutorUserId, viewer.id),
          among ? inArray(apprenticeships.studentId, among) : undefined,
        ),
      )
      .limit(CONTACTS_MAX);
    for (const r of rows) ids.add(r.id);
  }
  if (hasRole(viewer, 'instructor')) {
    const rows = await db
      .selectDistinct({ id: enrolments.userId })
      .from(enrolments)
      .innerJoin(courseInstructors, eq(courseInstructors.courseId, enrolments.courseId))
      .where(
        and(eq(courseInstructors.userId, viewer.id), among ? inArray(enrolments.userId, among) : undefined),
      )
      .limit(CONTACTS_MAX);
    for (const r of rows) ids.add(r.id);
  }
  return [...ids];
}

/** 403 unless `viewer` may open a conversation with every one of `people`. */
export async function assertInReach(db: Queryable, viewer: Principal, people: Person[]): Promise<void> {
  if (!can(viewer, 'message:anyone')) {
    if (!hasRole(viewer, 'student')) throw forbidden('Your role has no messages', 'NO_MESSAGES');
    if (people.length !== 1 || !can(accountPrincipal(people[0]!), 'message:anyone')) {
      throw forbidden('Students can only message their instructors');
    }
    return;
  }
  if (hasRole(viewer, 'admin')) return;
  const students = people.filter((p) => !can(accountPrincipal(p), 'message:anyone')).map((p) => p.id);
  if (!students.length) return;
  const reachable = new Set(await studentsInReach(db, viewer, students));
  if (students.some((id) => !reachable.has(id))) {
    throw forbidden('You can message only your own apprentices and students', 'NOT_YOUR_STUDENT');
  }
}

/** Staff a student may message: their tutor and the instructors of their courses (admins are listed anyway). */
async function staffOfStudent(db: Queryable, studentId: string): Promise<string[]> {
  const tutors = await db
    .select({ id: apprenticeships.tutorUserId })
    .from(apprenticeships)
    .where(eq(apprenticeships.studentId, studentId));
  const teachers = await db
    .selectDistinct({ id: courseInstructors.userId })
    .from(courseInstructors)
    .innerJoin(enrolments, eq(enrolments.courseId, courseInstructors.courseId))
    .where(eq(enrolments.userId, studentId));
  return [...tutors, ...teachers].map((r) => r.id).filter((id): id is string => !!id);
}

/** The people the new-conversation picker offers (GET /api/conversations/contacts), to present. */
export async function listContacts(db: Queryable, viewer: Principal) {
  const admin = hasRole(viewer, 'admin');
  const anyone = can(viewer, 'message:anyone');
  if (!admin && !hasRole(viewer, 'student') && !anyone) return [];
  const extra = admin ? [] : anyone ? await studentsInReach(db, viewer) : await staffOfStudent(db, viewer.id);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profileImageUrl: users.profileImageUrl,
      role: users.role,
      staffRoles: users.staffRoles,
    })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        ne(users.id, viewer.id),
        admin
          ? undefined
          : or(
              eq(users.role, 'admin'),
              anyone ? ne(users.role, 'student') : undefined,
              extra.length ? inArray(users.id, extra) : undefined,
            ),
      ),
    )
    .orderBy(asc(users.role), asc(users.firstName), asc(users.email))
    .limit(CONTACTS_MAX);
  return rows.filter(
    (r) => admin || hasRole(accountPrincipal(r), 'student') || can(accountPrincipal(r), 'message:anyone'),
  );
}
