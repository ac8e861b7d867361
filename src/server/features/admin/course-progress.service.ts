import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { enrolments, modules, topics, users } from '#server/db/schema/index.ts';
import type { CourseProgress } from '#shared/schemas/admin-content.ts';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/**
 * Every student enrolled on a course, with the topics they completed out of the course's topics and when they
 * last did anything in it (docs/staff.md: admins, and the course's instructors, see this; the route checks).
 */
export async function courseProgress(db: Queryable, courseId: string): Promise<CourseProgress> {
  const courseTopics = sql`(SELECT t.id FROM topics t JOIN modules m ON m.id = t.module_id
    WHERE m.course_id = ${courseId})`;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(eq(modules.courseId, courseId));
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      enrolledAt: enrolments.createdAt,
      completedTopics: sql<number>`(SELECT count(*) FROM topic_progress tp WHERE tp.user_id = ${users.id}
        AND tp.completed_at IS NOT NULL AND tp.topic_id IN ${courseTopics})::int`,
      lastActivityAt: sql<unknown>`(SELECT max(tp.updated_at) FROM topic_progress tp
        WHERE tp.user_id = ${users.id} AND tp.topic_id IN ${courseTopics})`,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(eq(enrolments.courseId, courseId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return {
    students: rows.map((r) => ({
      userId: r.userId,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email,
      email: r.email,
      enrolledAt: r.enrolledAt.toISOString(),
      completedTopics: Number(r.completedTopics),
      totalTopics: Number(total),
      percentage: total ? Math.floor((Number(r.completedTopics) * 100) / Number(total)) : 0,
      lastActivityAt: iso(r.lastActivityAt),
    })),
  };
}
