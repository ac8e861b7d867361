import { asc, eq } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { courses, modules, topics } from '#server/db/schema/index.ts';
import { KeyedCache } from '#server/lib/cache.ts';
import { onInvalidate } from '#server/lib/invalidation.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import { presentCourse } from './catalog.presenter.ts';

/** Safety net for a missed notification (e.g. a dropped LISTEN connection): the cache never outlives this. */
export const CATALOG_TTL_MS = 30_000;

export interface CatalogSnapshot {
  courses: Course[];
  byId: Map<string, Course>;
  /** The list exactly as GET /api/courses/available sends it, serialised once per snapshot. */
  json: string;
  /** The same bytes as a Buffer: sent as is, with no per-request encoding or length counting. */
  body: Buffer;
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
    const list = rows.map(presentCourse);
    const json = JSON.stringify(list);
    let hash = 0;
    for (let i = 0; i < json.length; i++) hash = (Math.imul(hash, 31) + json.charCodeAt(i)) | 0;
    return {
      courses: list,
      byId: new Map(list.map((c) => [c.id, c])),
      json,
      body: Buffer.from(json),
      etag: `W/"${(hash >>> 0).toString(36)}-${json.length.toString(36)}"`,
    };
  }
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
