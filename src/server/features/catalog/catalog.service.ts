import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { courseReviews, courses, enrolments, modules, topics } from '#server/db/schema/index.ts';
import { onInvalidate } from '#server/lib/invalidation.service.ts';
import { KeyedCache } from '#server/lib/keyed.cache.ts';
import { type Precompressed, precompress } from '#server/lib/precompressed.util.ts';
import type { Course, Curriculum } from '#shared/schemas/catalog.ts';
import { type CourseFigures, presentCourse } from './catalog.presenter.ts';
import { publicCourseInstructor } from './instructors.repo.ts';

/** Safety net for a missed notification (e.g. a dropped LISTEN connection): the cache never outlives this. */
export const CATALOG_TTL_MS = 30_000;

export interface CatalogSnapshot {
  courses: Course[];
  byId: Map<string, Course>;
  /** The list exactly as GET /api/courses/available sends it, serialised once per snapshot. */
  json: string;
  /** The same bytes, with brotli and gzip copies made once: sent as is, nothing encoded per request. */
  body: Precompressed;
  etag: string;
}

/**
 * The public catalogue, cached in-process: admin writes call invalidate(database, 'catalog'), which clears this
 * cache in every process (LISTEN/NOTIFY); a short TTL covers anything missed.
 */
export class CatalogCache {
  private readonly cache: KeyedCache<'catalog', CatalogSnapshot>;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly database: Database,
    ttlMs = CATALOG_TTL_MS,
  ) {
    this.cache = new KeyedCache({ ttlMs, maxEntries: 1 });
    this.unsubscribe = onInvalidate(database, 'catalog', () => this.clear());
  }

  clear(): void {
    this.cache.clear();
  }

  close(): void {
    this.unsubscribe();
  }

  /** The snapshot when it is fresh, without waiting: the hot path stays synchronous. */
  peek(): CatalogSnapshot | null {
    return this.cache.peek('catalog') ?? null;
  }

  /** A write that lands while the catalogue is being read is never hidden behind the older snapshot. */
  get(): Promise<CatalogSnapshot> {
    return this.cache.get('catalog', () => this.load());
  }

  private async load(): Promise<CatalogSnapshot> {
    const rows = await this.database.db
      .select()
      .from(courses)
      .orderBy(asc(courses.courseType), asc(courses.order), asc(courses.createdAt));
    const figures = await courseFigures(this.database.db, rows);
    const list = rows.map((row) => presentCourse(row, figures.get(row.id)));
    const json = JSON.stringify(list);
    let hash = 0;
    for (let i = 0; i < json.length; i++) hash = (Math.imul(hash, 31) + json.charCodeAt(i)) | 0;
    return {
      courses: list,
      byId: new Map(list.map((c) => [c.id, c])),
      json,
      body: await precompress(json),
      etag: `W/"${(hash >>> 0).toString(36)}-${json.length.toString(36)}"`,
    };
  }
}

/**
 * Each course's published reviews (average to one decimal, count), and its enrolments when the admin opted in
 * to show them (docs/product.md#reviews, #public-site). Reviews and enrolment changes clear the catalogue cache.
 */
async function courseFigures(
  db: Db,
  rows: { id: string; showEnrolmentCount: boolean }[],
): Promise<Map<string, CourseFigures>> {
  const ratings = await db
    .select({
      courseId: courseReviews.courseId,
      average: sql<string>`round(avg(${courseReviews.rating}), 1)`,
      count: count(),
    })
    .from(courseReviews)
    .where(isNull(courseReviews.removedAt))
    .groupBy(courseReviews.courseId);
  const counted = rows.some((r) => r.showEnrolmentCount)
    ? await db
        .select({ courseId: enrolments.courseId, count: count() })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(eq(courses.showEnrolmentCount, true))
        .groupBy(enrolments.courseId)
    : [];
  const figures = new Map<string, CourseFigures>();
  for (const r of ratings) {
    figures.set(r.courseId, {
      rating: { average: Number(r.average), count: Number(r.count) },
      enrolments: 0,
    });
  }
  for (const c of counted) {
    const known = figures.get(c.courseId);
    figures.set(c.courseId, { rating: known?.rating ?? null, enrolments: Number(c.count) });
  }
  return figures;
}

/** Preview Course (docs/product.md#public-site): the first topic of the first module, its video when it has one. */
export async function coursePreview(db: Db, courseId: string) {
  const [first] = await db
    .select({
      title: topics.title,
      description: topics.description,
      videoPath: topics.videoPath,
    })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(eq(modules.courseId, courseId))
    .orderBy(asc(modules.order), asc(topics.order))
    .limit(1);
  return first ?? null;
}

/**
 * The course page's curriculum (docs/product.md#public-site): every module with its duration and its topics'
 * titles and video lengths, in order. Titles only: lessons themselves stay for enrolled learners.
 */
export async function courseCurriculum(db: Queryable, courseId: string): Promise<Curriculum> {
  const rows = await db
    .select({
      moduleId: modules.id,
      moduleTitle: modules.title,
      duration: modules.duration,
      topicTitle: topics.title,
      videoSeconds: topics.videoDurationSeconds,
    })
    .from(modules)
    .leftJoin(topics, eq(topics.moduleId, modules.id))
    .where(eq(modules.courseId, courseId))
    .orderBy(asc(modules.order), asc(modules.createdAt), asc(topics.order), asc(topics.createdAt));
  const byModule = new Map<string, Curriculum['modules'][number]>();
  for (const row of rows) {
    let mod = byModule.get(row.moduleId);
    if (!mod) {
      mod = { title: row.moduleTitle, duration: row.duration, topics: [] };
      byModule.set(row.moduleId, mod);
    }
    if (row.topicTitle !== null) {
      mod.topics.push({
        title: row.topicTitle,
        videoSeconds: row.videoSeconds === null ? null : Math.round(row.videoSeconds),
      });
    }
  }
  return { modules: [...byModule.values()], instructor: await publicCourseInstructor(db, courseId) };
}
