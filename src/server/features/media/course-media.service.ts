import { asc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '#server/db/client.ts';
import { courses, modules, topics } from '#server/db/schema/index.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import {
  attachObject,
  ensureUploaded,
  type MediaDeps,
  normaliseObjectPath,
  releaseObject,
} from './media.service.ts';

export type CourseImageColumn = 'headerImagePath' | 'featuredImagePath';

/**
 * Puts an uploaded image on a course (header or featured): the course row is locked while the new file is
 * attached, the file it replaces is released after commit, and every process's catalogue cache is dropped.
 */
export async function setCourseImage(
  deps: MediaDeps & { database: Database },
  courseId: string,
  column: CourseImageColumn,
  imageUrl: string,
) {
  const path = normaliseObjectPath(imageUrl);
  if (!path) throw badRequest('This file was not uploaded through TradeSkills');
  await ensureUploaded(deps, path);
  const { course, old } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
    if (!current) throw notFound('Course not found');
    const previous = current[column];
    if (previous === path) return { course: current, old: null };
    await attachObject(tx, path, 'image');
    const [updated] = await tx
      .update(courses)
      .set({ [column]: path, updatedAt: new Date() })
      .where(eq(courses.id, courseId))
      .returning();
    return { course: updated!, old: previous };
  });
  if (old) await releaseObject(deps, old);
  await invalidate(deps.database, 'catalog');
  return course;
}

/** Every topic with its course and module, in catalogue order (the admin media library). */
export async function listMediaTopics(db: Queryable) {
  return db
    .select({
      topic: topics,
      courseId: courses.id,
      courseTitle: courses.title,
      moduleTitle: modules.title,
    })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .orderBy(
      asc(courses.courseType),
      asc(courses.order),
      asc(courses.title),
      asc(modules.order),
      asc(topics.order),
    );
}
