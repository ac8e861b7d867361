import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { modules, topics } from '#server/db/schema/index.ts';

// Reads of the course tables (courses, modules, topics) that other features share, owned by the catalog.

/** The course a topic belongs to; null for an unknown topic. */
export async function topicCourseId(db: Queryable, topicId: string): Promise<string | null> {
  const [row] = await db
    .select({ courseId: modules.courseId })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(eq(topics.id, topicId));
  return row?.courseId ?? null;
}

/** How many topics a course has, over all its modules. */
export async function courseTopicCount(db: Queryable, courseId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(eq(modules.courseId, courseId));
  return Number(row?.total ?? 0);
}
