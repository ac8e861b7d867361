import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courseInstructors, courses, modules, topics } from '#server/db/schema/index.ts';
import type { CourseResource } from './access.policy.ts';

// Who teaches which course (docs/staff.md): the facts the access policy needs to decide whether a caller may edit
// a course's modules, topics, quizzes and media, or run its live sessions. Shared by the admin and media features.

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
