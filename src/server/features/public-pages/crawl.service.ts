import type { Db } from '#server/db/client.ts';
import { courses } from '#server/db/schema/index.ts';
import { ACCESSIBILITY_STATEMENT, LISTINGS, PRIVACY_NOTICE } from '#shared/site.ts';
import { absoluteUrl, escapeHtml } from './head.presenter.ts';
import { coursePath } from './structured-data.presenter.ts';

// The crawl files: /sitemap.xml and /robots.txt (docs/decisions/0014-server-rendered-public-pages.md).

export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

const latest = (dates: Date[]) =>
  dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null;

/**
 * Every public page and active course. lastmod is when what the page shows last changed: a course's own
 * updated_at; for a listing, its type's newest course change (a course withdrawn from it counts); for the home
 * page (featured course, footer list), the newest of all; for the accessibility statement, when it was last reviewed.
 */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const rows = await db
    .select({
      id: courses.id,
      courseType: courses.courseType,
      isActive: courses.isActive,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .orderBy(courses.courseType, courses.order, courses.createdAt);
  return [
    { path: '/', lastmod: latest(rows.map((r) => r.updatedAt)) },
    ...(['fundamental', 'upskill'] as const).map((type) => ({
      path: LISTINGS[type].path,
      lastmod: latest(rows.filter((r) => r.courseType === type).map((r) => r.updatedAt)),
    })),
    ...rows.filter((r) => r.isActive).map((r) => ({ path: coursePath(r), lastmod: r.updatedAt })),
    { path: ACCESSIBILITY_STATEMENT.path, lastmod: new Date(ACCESSIBILITY_STATEMENT.reviewed) },
    { path: PRIVACY_NOTICE.path, lastmod: new Date(PRIVACY_NOTICE.updated) },
  ];
}

export function sitemapXml(entries: SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(absoluteUrl(publicUrl, e.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers stay out of the API, the portal, the admin console and the checkout and account forms. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/admin',
  '/dashboard',
  '/student',
  '/account',
  '/login',
  '/checkout/',
  '/courses/*/purchase',
  '/purchase-success',
  '/payment-authentication/',
  '/forgot-password',
  '/reset-password',
  '/staff/accept',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
