import { eq } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { courseInstructors, courses } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { accountPrincipal, can } from '#server/lib/access.policy.ts';
import { courseContentChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import { accountsStanding } from '#server/lib/users.repo.ts';

// Course instructors (docs/staff.md): who teaches which course. The facts the access policy needs to decide
// whether a caller may edit a course's content live in src/server/lib/teaching.repo.ts (media uses them too).

/** PUT /api/admin/courses/:id/instructors: replaces the course's instructors (each must hold the role). */
export async function setCourseInstructors(
  database: Database,
  actor: AuditActor,
  courseId: string,
  userIds: string[],
): Promise<{ userIds: string[] }> {
  const wanted = [...new Set(userIds)];
  const db: Db = database.db;
  const result = await db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    if (!course) throw notFound('Course not found');
    const people = wanted.length ? await accountsStanding(tx, wanted) : [];
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
  // The course page names its instructor: cached pages are made afresh (README 'Performance').
  await courseContentChanged(database);
  return result;
}
