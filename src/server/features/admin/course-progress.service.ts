import type { Queryable } from '#server/db/client.ts';
import { courseTopicCount } from '#server/features/catalog/index.ts';
import { courseActivity, enrolledStudents } from '#server/features/learning/index.ts';
import type { CourseProgress } from '#shared/schemas/admin-content.ts';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/**
 * Every student enrolled on a course, with the topics they completed out of the course's topics and when they
 * last did anything in it (docs/staff.md: admins, and the course's instructors, see this; the route checks).
 */
export async function courseProgress(db: Queryable, courseId: string): Promise<CourseProgress> {
  const total = await courseTopicCount(db, courseId);
  const students = await enrolledStudents(db, courseId);
  const activity = await courseActivity(db, courseId);
  return {
    students: students.map((s) => {
      const { done = 0, lastActivityAt = null } = activity.get(s.id) ?? {};
      return {
        userId: s.id,
        name: s.name,
        email: s.email,
        enrolledAt: s.enrolledAt.toISOString(),
        completedTopics: done,
        totalTopics: total,
        percentage: total ? Math.floor((done * 100) / total) : 0,
        lastActivityAt: iso(lastActivityAt),
      };
    }),
  };
}
