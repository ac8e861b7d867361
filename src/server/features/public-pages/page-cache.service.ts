import type { Database } from '#server/db/client.ts';
import type { CachedPage } from '#server/lib/cached-page.presenter.ts';
import { CERTIFICATES_TOPIC, COURSE_CONTENT_TOPIC } from '#server/lib/change-notifications.service.ts';
import { onInvalidate } from '#server/lib/invalidation.service.ts';
import { KeyedCache } from '#server/lib/keyed.cache.ts';
import { precompress } from '#server/lib/precompressed.util.ts';

// Rendered public pages for visitors who are not signed in (docs/decisions/0018-cached-pages-fair-rendering.md).
// Every anonymous visitor gets the same HTML for a path, so it is rendered once, and its brotli and gzip copies
// made once, until the catalogue or a course's content changes. What a page shows comes from the catalogue
// (courses, review figures), the newest reviews (which clear the catalogue, features/reviews) and the course
// curriculum (course content); a certificate's page (features/certificates) from its row. Each of these topics
// clears every page, in every process (LISTEN/NOTIFY, decision 0005).

/** Safety net for a missed notification, as the catalogue cache's (features/catalog, CATALOG_TTL_MS). */
export const PAGE_CACHE_TTL_MS = 30_000;
/** Paths are bounded by the catalogue (only 200 answers are kept); this caps a very large one. */
const MAX_PAGES = 2_000;

export interface RenderedPage {
  status: number;
  html: string;
  /** False when the page must not be kept (a 404, or the shell sent instead when rendering was refused). */
  cacheable: boolean;
}

/** The topics whose changes clear every cached page. */
const TOPICS = ['catalog', COURSE_CONTENT_TOPIC, CERTIFICATES_TOPIC];

export class PageCache {
  private readonly cache: KeyedCache<string, CachedPage & { cacheable: boolean }>;
  private readonly unsubscribe: (() => void)[];

  constructor(database: Database, ttlMs = PAGE_CACHE_TTL_MS) {
    this.cache = new KeyedCache({
      ttlMs,
      maxEntries: MAX_PAGES,
      storable: (page) => (page as { cacheable: boolean }).cacheable,
    });
    this.unsubscribe = TOPICS.map((topic) => onInvalidate(database, topic, () => this.cache.clear()));
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
  }

  /** The page for `path` when it is cached, without waiting. */
  peek(path: string): CachedPage | undefined {
    return this.cache.peek(path);
  }

  /**
   * The cached page, or `render`'s (shared by every visitor asking for the same path meanwhile, so a crowd
   * arriving on a cold page renders it once). A render that a change overtook is sent but not kept.
   */
  get(path: string, render: () => Promise<RenderedPage>): Promise<CachedPage> {
    return this.cache.get(path, async () => {
      const page = await render();
      const body = await precompress(page.html);
      return { status: page.status, body, etag: etagOf(body.identity), cacheable: page.cacheable };
    });
  }
}

function etagOf(body: Buffer): string {
  let hash = 0;
  for (let i = 0; i < body.length; i++) hash = (Math.imul(hash, 31) + body[i]!) | 0;
  return `W/"p${(hash >>> 0).toString(36)}-${body.length.toString(36)}"`;
}
