import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { modules, quizAttempts, quizzes, topicProgress, topics } from '#server/db/schema/index.ts';

// Progress a manager may see: per member and course of their own orders, computed only over that course's topics
// and quizzes (never other courses, messages or account activity).

export interface MemberCourse {
  userId: string;
  courseId: string;
}

export interface CourseProgress {
  topicsDone: number;
  topicsTotal: number;
  progressPercent: number;
  quizzes: { title: string; bestScore: number; passed: boolean }[];
  started: boolean;
  lastActiveAt: Date | null;
  completedAt: Date | null;
}

const key = (userId: string, courseId: string) => `${userId}:${courseId}`;

export async function progressFor(
  db: Queryable,
  pairs: MemberCourse[],
): Promise<Map<string, CourseProgress>> {
  const result = new Map<string, CourseProgress>();
  if (pairs.length === 0) return result;
  const userIds = [...new Set(pairs.map((p) => p.userId))];
  const courseIds = [...new Set(pairs.map((p) => p.courseId))];
  const wanted = new Set(pairs.map((p) => key(p.userId, p.courseId)));

  const totals = await db
    .select({ courseId: modules.courseId, n: count(topics.id) })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(inArray(modules.courseId, courseIds))
    .groupBy(modules.courseId);
  const done = await db
    .select({
      userId: topicProgress.userId,
      courseId: modules.courseId,
      done: sql<number>`count(${topicProgress.completedAt})::int`,
      lastActive: max(topicProgress.updatedAt),
      lastCompleted: max(topicProgress.completedAt),
    })
    .from(topicProgress)
    .innerJoin(topics, eq(topics.id, topicProgress.topicId))
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(and(inArray(topicProgress.userId, userIds), inArray(modules.courseId, courseIds)))
    .groupBy(topicProgress.userId, modules.courseId);
  const quizRows = await db
    .select({
      userId: quizAttempts.userId,
      courseId: modules.courseId,
      title: quizzes.title,
      bestScore: max(quizAttempts.score),
      passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
      lastAttempt: max(quizAttempts.createdAt),
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(topics, eq(topics.id, quizzes.topicId))
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(and(inArray(quizAttempts.userId, userIds), inArray(modules.courseId, courseIds)))
    .groupBy(quizAttempts.userId, modules.courseId, quizzes.id, quizzes.title);

  const totalOf = new Map(totals.map((t) => [t.courseId, Number(t.n)]));
  for (const pair of pairs) {
    const total = totalOf.get(pair.courseId) ?? 0;
    result.set(key(pair.userId, pair.courseId), {
      topicsDone: 0,
      topicsTotal: total,
      progressPercent: 0,
      quizzes: [],
      started: false,
      lastActiveAt: null,
      completedAt: null,
    });
  }
  const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  for (const row of done) {
    const entry = result.get(key(row.userId, row.courseId));
    if (!entry || !wanted.has(key(row.userId, row.courseId))) continue;
    entry.topicsDone = Number(row.done);
    entry.started = true;
    entry.lastActiveAt = later(entry.lastActiveAt, toDate(row.lastActive));
    entry.progressPercent = entry.topicsTotal ? Math.round((entry.topicsDone * 100) / entry.topicsTotal) : 0;
    if (entry.topicsTotal > 0 && entry.topicsDone >= entry.topicsTotal)
      entry.completedAt = toDate(row.lastCompleted);
  }
  for (const row of quizRows) {
    const entry = result.get(key(row.userId, row.courseId));
    if (!entry || !wanted.has(key(row.userId, row.courseId))) continue;
    entry.started = true;
    entry.quizzes.push({
      title: row.title,
      bestScore: Number(row.bestScore ?? 0),
      passed: Boolean(row.passed),
    });
    entry.lastActiveAt = later(entry.lastActiveAt, toDate(row.lastAttempt));
  }
  return result;
}

export function progressOf(map: Map<string, CourseProgress>, pair: MemberCourse): CourseProgress | undefined {
  return map.get(key(pair.userId, pair.courseId));
}

/** max() over timestamps comes back as a Date from node-postgres and as a string from some paths. */
function toDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  return value instanceof Date ? value : new Date(value);
}
