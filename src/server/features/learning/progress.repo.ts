import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { enrolments, modules, topicProgress, topics, users } from '#server/db/schema/index.ts';

// Reads of the learning tables (enrolments, topic progress) that several features share, owned by learning.

/** A student's topics in a course: how many there are, how many they completed, and when they completed the last. */
export async function courseTopicProgress(
  db: Queryable,
  userId: string,
  courseId: string,
): Promise<{ total: number; done: number; lastCompletedAt: string | null }> {
  const [progress] = await db
    .select({
      total: sql<number>`count(${topics.id})::int`,
      done: sql<number>`count(${topicProgress.completedAt})::int`,
      lastCompletedAt: sql<string | null>`max(${topicProgress.completedAt})`,
    })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .leftJoin(topicProgress, and(eq(topicProgress.topicId, topics.id), eq(topicProgress.userId, userId)))
    .where(eq(modules.courseId, courseId));
  return {
    total: Number(progress?.total ?? 0),
    done: Number(progress?.done ?? 0),
    lastCompletedAt: progress?.lastCompletedAt ?? null,
  };
}

export interface EnrolledStudent {
  id: string;
  /** First and last name, or the email when the account has neither. */
  name: string;
  email: string;
  enrolledAt: Date;
}

/** Everyone enrolled on a course, by last name, first name, then email: the order of every staff list of a course. */
export async function enrolledStudents(db: Queryable, courseId: string): Promise<EnrolledStudent[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      enrolledAt: enrolments.createdAt,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(eq(enrolments.courseId, courseId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    name: [firstName, lastName].filter(Boolean).join(' ') || row.email,
  }));
}

/** Per student with progress in the course: topics completed, and the latest change to their progress in it. */
export async function courseActivity(
  db: Queryable,
  courseId: string,
): Promise<Map<string, { done: number; lastActivityAt: unknown }>> {
  const rows = await db
    .select({
      userId: topicProgress.userId,
      done: sql<number>`count(${topicProgress.completedAt})::int`,
      lastActivityAt: sql<unknown>`max(${topicProgress.updatedAt})`,
    })
    .from(topicProgress)
    .innerJoin(topics, eq(topics.id, topicProgress.topicId))
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(eq(modules.courseId, courseId))
    .groupBy(topicProgress.userId);
  return new Map(rows.map((r) => [r.userId, { done: Number(r.done), lastActivityAt: r.lastActivityAt }]));
}
