import { eq, inArray } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { courseInstructors, courses, modules, topics, users } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { accountPrincipal, type CourseResource, can } from '#server/lib/access-policy.ts';
import { badRequest, notFound } from '#server/lib/errors.ts';

// Course instructors (docs/staff.md): who teaches which course, and the facts the access policy needs to decide
// whether a caller may edit a course's modules, topics, quizzes and media.

export type Teaching = CourseResource & { courseId: string };

/** The course something belongs to and its instructors; null when the course, module or topic is unknown. */
export async function teachingOf(
  db: Queryable,
  of: { courseId: string } | { moduleId: string } | { topicId: string },
): Promise<Teaching | null> {
  let courseId: string | undefined;
  if ('courseId' in of) {
    [{ id: courseId } = { id: undefined }] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, of.courseId));
  } else if ('moduleId' in of) {
    [{ id: courseId } = { id: undefined }] = await db
      .select({ id: modules.courseId })
      .from(modules)
      .where(eq(modules.id, of.moduleId));
  } else {
    [{ id: courseId } = { id: undefined }] = await db
      .select({ id: modules.courseId })
      .from(topics)
      .innerJoin(modules, eq(modules.id, topics.moduleId))
      .where(eq(topics.id, of.topicId));
  }
  if (!courseId) return null;
  const rows = await db
    .select({ userId: courseInstructors.userId })
    .from(courseInstructors)
    .where(eq(courseInstructors.courseId, courseId));
  return { courseId, instructorUserIds: rows.map((r) => r.userId) };
}

/** The ids of the courses a user is assigned to teach. */
export async function coursesTaughtBy(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: courseInstructors.courseId })
    .from(courseInstructors)
    .where(eq(courseInstructors.userId, userId));
  return rows.map((r) => r.courseId);
}

/** PUT /api/admin/courses/:id/instructors: replaces the course's instructors (each must hold the role). */
export async function setCourseInstructors(
  database: Database,
  actor: AuditActor,
  courseId: string,
  userIds: string[],
): Promise<{ userIds: string[] }> {
  const wanted = [...new Set(userIds)];
  const db: Db = database.db;
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    if (!course) throw notFound('Course not found');
    const people = wanted.length
      ? await tx
          .select({ id: users.id, role: users.role, staffRoles: users.staffRoles, isActive: users.isActive })
          .from(users)
          .where(inArray(users.id, wanted))
      : [];
    const teachers = people.filter(
      (p) => p.isActive && p.role !== 'student' && can(accountPrincipal(p), 'course:listTaught'),
    );
    if (teachers.length !== wanted.length) {
      throw badRequest('Choose active staff members who hold the instructor role', 'NOT_AN_INSTRUCTOR');
    }
    const before = await tx
      .select({ userId: courseInstructors.userId })
      .from(courseInstructors)
      .where(eq(courseInstructors.courseId, courseId));
    await tx.delete(courseInstructors).where(eq(courseInstructors.courseId, courseId));
    if (wanted.length) {
      await tx.insert(courseInstructors).values(wanted.map((userId) => ({ courseId, userId })));
    }
    await recordAudit(tx, actor, {
      action: 'course.instructors',
      entityType: 'course',
      entityId: courseId,
      summary: changeSummary(
        { instructors: before.map((r) => r.userId).sort() },
        { instructors: [...wanted].sort() },
      ),
    });
    return { userIds: wanted };
  });
}
