import { and, desc, eq, exists, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '#server/db/client.ts';
import { courses, enrolments, quizAttempts, users } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { credentialsEmail } from '#server/lib/mail/templates.emails.ts';
import { generatePassword, hashPassword } from '#server/lib/passwords.util.ts';
import { provisionStudent } from '#server/lib/provisioning.service.ts';
import { revokeUserSessions, userChanged } from '#server/lib/sessions.service.ts';
import { userByEmail } from '#server/lib/users.repo.ts';
import { TEMP_PASSWORD_TTL_DAYS } from '#shared/constants.ts';
import {
  type AdminStudent,
  type AdminStudentPage,
  type createStudentSchema,
  type studentListQuerySchema,
  UPSKILL_DETAILS_REQUIRED,
  upskillDetailsMissing,
} from '#shared/schemas/admin-students.ts';
import { iso } from './admin.presenter.ts';

type ListQuery = z.output<typeof studentListQuerySchema>;
type CreateStudent = z.output<typeof createStudentSchema>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of students, newest first; search matches name or email anywhere. */
export async function listStudents(db: Db, query: ListQuery): Promise<AdminStudentPage> {
  const conditions: SQL[] = [eq(users.role, 'student')];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    // One haystack per row ("first last email"), so each row is matched once.
    conditions.push(
      ilike(
        sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email}`,
        pattern,
      ),
    );
  }
  if (query.enrolled) {
    conditions.push(
      exists(db.select({ one: sql`1` }).from(enrolments).where(eq(enrolments.userId, users.id))),
    );
  }
  const where = and(...conditions);
  const [rows, [countRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return {
    students: await withCourses(db, rows),
    total: Number(countRow?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function withCourses(db: Db, rows: (typeof users.$inferSelect)[]): Promise<AdminStudent[]> {
  const ids = rows.map((r) => r.id);
  const enrolled = ids.length
    ? await db
        .select({
          userId: enrolments.userId,
          id: courses.id,
          title: courses.title,
          courseType: courses.courseType,
        })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(inArray(enrolments.userId, ids))
        .orderBy(enrolments.createdAt)
    : [];
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActiveAt: iso(latest(row.lastActiveAt, row.lastLoginAt)),
    courses: enrolled
      .filter((e) => e.userId === row.id)
      .map(({ id, title, courseType }) => ({ id, title, courseType })),
  }));
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

export async function getStudent(db: Db, id: string): Promise<AdminStudent> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'student')));
  if (!row) throw notFound('Student not found');
  return (await withCourses(db, [row]))[0]!;
}

/** Add Student: account with the admin's password as a temporary one, the enrolment and the credentials email. */
export async function createStudent(
  database: Database,
  actor: AuditActor,
  input: CreateStudent,
  publicUrl: string,
): Promise<AdminStudent> {
  const db = database.db;
  const [course] = await db
    .select({ id: courses.id, courseType: courses.courseType })
    .from(courses)
    .where(eq(courses.id, input.courseId));
  if (!course) throw badRequest('Course not found');
  if (upskillDetailsMissing(course.courseType, input))
    throw badRequest(UPSKILL_DETAILS_REQUIRED, 'VALIDATION_FAILED');
  const existing = await userByEmail(db, input.email);
  if (existing) {
    throw conflict('A user with this email already exists. Use Enrol in course on their row instead.');
  }
  const result = await db.transaction(async (tx) => {
    const made = await provisionStudent(tx, {
      details: input,
      courseId: course.id,
      source: 'admin',
      publicUrl,
      temporaryPassword: input.password,
    });
    await recordAudit(tx, actor, {
      action: 'student.create',
      entityType: 'student',
      entityId: made.userId,
      summary: `created ${input.email}, enrolled in course ${course.id}`,
    });
    return made;
  });
  await learnerChanged(database, result.userId);
  return getStudent(db, result.userId);
}

/** Deactivating signs the student out everywhere at once; reactivating lets them sign in again. */
export async function setStudentActive(
  database: Database,
  actor: AuditActor,
  id: string,
  isActive: boolean,
): Promise<AdminStudent> {
  const db = database.db;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: users.isActive })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'student')))
      .for('update');
    if (!before) throw notFound('Student not found');
    await tx.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, id));
    if (!isActive) await revokeUserSessions(tx, id);
    await recordAudit(tx, actor, {
      action: isActive ? 'student.activate' : 'student.deactivate',
      entityType: 'student',
      entityId: id,
      summary: changeSummary(before, { isActive }),
    });
  });
  await userChanged(database, id);
  return getStudent(db, id);
}

/** A new temporary password (old sessions revoked) and the credentials email again. */
export async function resendCredentials(database: Database, id: string, publicUrl: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'student')));
    if (!row) throw notFound('Student not found');
    const [course] = await tx
      .select({ title: courses.title })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.userId, id))
      .orderBy(enrolments.createdAt)
      .limit(1);
    const temporaryPassword = generatePassword(14);
    await tx
      .update(users)
      .set({
        passwordHash: await hashPassword(temporaryPassword),
        mustChangePassword: true,
        tempPasswordExpiresAt: new Date(Date.now() + TEMP_PASSWORD_TTL_DAYS * 24 * 60 * 60 * 1000),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    await revokeUserSessions(tx, id);
    await enqueueEmail(
      tx,
      credentialsEmail({
        to: row.email,
        firstName: row.firstName,
        courseTitle: course?.title ?? 'TradeSkills',
        temporaryPassword,
        publicUrl,
      }),
    );
  });
  await userChanged(database, id);
}

export async function enrolStudent(
  database: Database,
  actor: AuditActor,
  id: string,
  courseId: string,
  publicUrl: string,
): Promise<AdminStudent> {
  const db = database.db;
  const student = await getStudent(db, id);
  if (student.courses.some((c) => c.id === courseId))
    throw conflict('The student is already enrolled in this course');
  await db.transaction(async (tx) => {
    await provisionStudent(tx, { details: { email: student.email }, courseId, source: 'admin', publicUrl });
    await recordAudit(tx, actor, {
      action: 'enrolment.create',
      entityType: 'student',
      entityId: id,
      summary: `enrolled in course ${courseId}`,
    });
  });
  await learnerChanged(database, id);
  return getStudent(db, id);
}

/** Deletes every quiz attempt (grade) of a student: recorded in the audit trail with how many went. */
export async function resetQuizAttempts(db: Db, actor: AuditActor, id: string): Promise<number> {
  await getStudent(db, id);
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(quizAttempts)
      .where(eq(quizAttempts.userId, id))
      .returning({ id: quizAttempts.id });
    await recordAudit(tx, actor, {
      action: 'grades.reset',
      entityType: 'student',
      entityId: id,
      summary: `quiz attempts: ${rows.length} → 0`,
    });
    return rows.length;
  });
}
