import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { courses } from '#server/db/schema/index.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import { createTestDatabase } from '#server/test/harness.ts';

// The server side of the public pages through the real app and database. The React rendering itself is stood in
// for by a tiny server entry (the real one is built by Vite and covered by tests/e2e/public-pages.spec.ts): what is
// tested here is status codes, head tags, structured data, the handed-over query cache, crawl files, compression.

const PUBLIC_URL = 'https://tradeskills.example';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-pages-'));
const clientDir = path.join(dir, 'client');
const serverEntryFile = path.join(dir, 'entry-server.mjs');
const TEMPLATE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Template description"
    />
    <title>Template title</title>
    <script type="module" crossorigin src="/assets/main-AbC123.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>TradeSkills needs JavaScript enabled to run.</noscript>
  </body>
</html>`;
const ENTRY = `export async function render(url, queries) {
  return { html: '<main><h1>Rendered ' + url + '</h1></main>', state: { queries } };
}`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))})`;

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let active: typeof courses.$inferSelect;
let withdrawn: typeof courses.$inferSelect;
let upskill: typeof courses.$inferSelect;

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-AbC123.js'), ASSET);
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-AbC123.js.br'), zlib.brotliCompressSync(ASSET));
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-AbC123.js.gz'), zlib.gzipSync(ASSET));
  fs.writeFileSync(serverEntryFile, ENTRY);
  database = await createTestDatabase();
  [active, withdrawn, upskill] = await database.db
    .insert(courses)
    .values([
      {
        title: 'Drainage </script><script>alert(1)</script> & "Pipes"',
        description: 'Below-ground drainage from plan to test. '.repeat(8),
        pricePence: 99500,
        estimatedDuration: 6,
        difficulty: 'beginner',
        order: 1,
        headerImagePath: '/objects/image/0b7c4c36-3f7e-4f07-8d35-2b5d6f6f1a11',
        whatYouLearn: ['Read drainage drawings'],
      },
      { title: 'Withdrawn course', description: 'Old.', isActive: false, order: 2 },
      { title: 'CCTV Surveying', description: 'Survey drains.', courseType: 'upskill', order: 1 },
    ])
    .returning();
  app = await buildApp(testConfig({ publicUrl: PUBLIC_URL }), { database }, { clientDir, serverEntryFile });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The attribute `attr` of the head tag matching `selector` (a `name="x"`/`property="x"`/`rel="x"` fragment). */
function headValue(html: string, selector: string, attr = 'content'): string | undefined {
  const tag = html.match(new RegExp(`<(?:meta|link) ${selector} [^>]*>`))?.[0];
  return tag?.match(new RegExp(`${attr}="([^"]*)"`))?.[1];
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

function queryState(html: string) {
  const block = html.match(/<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/)?.[1];
  return JSON.parse(block!) as { queries: { queryKey: string[]; data: unknown }[] };
}

describe('server-rendered public pages', () => {
  it('renders a course page with its own head, Course and BreadcrumbList data, and the query cache', async () => {
    const res = await app.inject({ url: `/courses/${active.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain(`<main><h1>Rendered /courses/${active.id}</h1></main>`);
    expect(html).not.toContain('Template title');
    expect(html).not.toContain('<noscript>');
    expect(html).toContain(
      '<title>Drainage &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Pipes&quot; · TradeSkills</title>',
    );
    const description = headValue(html, 'name="description"')!;
    expect(description.length).toBeLessThanOrEqual(156);
    expect(description).toMatch(/^Below-ground drainage from plan to test\. .*…$/);
    expect(headValue(html, 'rel="canonical"', 'href')).toBe(`${PUBLIC_URL}/courses/${active.id}`);
    expect(headValue(html, 'property="og:url"')).toBe(`${PUBLIC_URL}/courses/${active.id}`);
    expect(headValue(html, 'property="og:title"')).toBe(
      'Drainage &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Pipes&quot;',
    );
    expect(headValue(html, 'property="og:image"')).toBe(`${PUBLIC_URL}${active.headerImagePath}`);
    expect(headValue(html, 'name="twitter:card"')).toBe('summary_large_image');
    expect(headValue(html, 'name="robots"')).toBeUndefined();

    // Only the page's own markup may contain a closing script tag: the data blocks escape `<`.
    expect(html.match(/<\/script>/g)).toHaveLength(4);
    const [course, breadcrumbs] = jsonLd(html);
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: active.title,
      url: `${PUBLIC_URL}/courses/${active.id}`,
      provider: { '@type': 'Organization', name: 'TradeSkills', url: `${PUBLIC_URL}/` },
      offers: { '@type': 'Offer', price: '995.00', priceCurrency: 'GBP', category: 'Paid' },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'online', courseWorkload: 'P6W' },
      teaches: ['Read drainage drawings'],
    });
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Fundamental Courses',
          item: `${PUBLIC_URL}/fundamental-courses`,
        },
        { '@type': 'ListItem', position: 3, name: active.title, item: `${PUBLIC_URL}/courses/${active.id}` },
      ],
    });

    const state = queryState(html);
    expect(state.queries.map((q) => q.queryKey)).toEqual([
      ['/api/courses/available'],
      ['/api/courses', active.id, 'reviews'],
      ['/api/courses', active.id, 'curriculum'],
      ['/api/user'],
    ]);
    expect(state.queries[3]!.data).toBeNull();
    const list = state.queries[0]!.data as { id: string; title: string }[];
    expect(list.find((c) => c.id === active.id)?.title).toBe(active.title);
    // Exactly what the API sends, so hydration matches.
    expect(list).toEqual((await app.inject({ url: '/api/courses/available' })).json());
  });

  it('uses the branded 1200×630 image for a course without its own, and keeps withdrawn courses out of search', async () => {
    const html = (await app.inject({ url: `/courses/${withdrawn.id}` })).body;
    expect(headValue(html, 'property="og:image"')).toBe(`${PUBLIC_URL}/og-default.png`);
    expect(headValue(html, 'property="og:image:width"')).toBe('1200');
    expect(headValue(html, 'property="og:image:height"')).toBe('630');
    expect(headValue(html, 'name="robots"')).toBe('noindex');
    expect(jsonLd(html)[0]).toMatchObject({ offers: { availability: 'https://schema.org/Discontinued' } });
  });

  it('lists a listing page’s active courses in an ItemList, in the order shown', async () => {
    const fundamental = (await app.inject({ url: '/fundamental-courses' })).body;
    expect(fundamental).toContain('<title>Fundamental Courses · TradeSkills</title>');
    expect(headValue(fundamental, 'rel="canonical"', 'href')).toBe(`${PUBLIC_URL}/fundamental-courses`);
    const [list] = jsonLd(fundamental);
    expect(list).toMatchObject({ '@type': 'ItemList' });
    expect(list!.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        item: expect.objectContaining({
          '@type': 'Course',
          name: active.title,
          url: `${PUBLIC_URL}/courses/${active.id}`,
        }),
      },
    ]);
    const upskillPage = (await app.inject({ url: '/upskill-courses' })).body;
    expect(jsonLd(upskillPage)[0]!.itemListElement).toEqual([
      expect.objectContaining({ position: 1, item: expect.objectContaining({ name: upskill.title }) }),
    ]);
    const home = (await app.inject({ url: '/' })).body;
    expect(home).toContain('<title>TradeSkills · Trade &amp; apprenticeship training</title>');
    expect(jsonLd(home)[0]).toMatchObject({ '@type': 'Organization', url: `${PUBLIC_URL}/` });
  });

  it('renders the accessibility statement on the server, with its own head (README Accessibility)', async () => {
    const res = await app.inject({ url: '/accessibility' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Accessibility statement · TradeSkills</title>');
    expect(headValue(res.body, 'rel="canonical"', 'href')).toBe(`${PUBLIC_URL}/accessibility`);
  });

  it('answers an unknown course and an unknown path with 404 and the rendered not-found page', async () => {
    for (const url of [
      '/courses/00000000-0000-4000-8000-000000000000',
      '/courses/not-a-uuid',
      '/no/such/page',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<h1>Rendered ${url}</h1>`);
      expect(res.body).toContain('<title>Page not found · TradeSkills</title>');
      expect(headValue(res.body, 'name="robots"')).toBe('noindex');
    }
  });

  it('sends the app shell with the same head and status to a browser with a session cookie', async () => {
    const res = await app.inject({ url: `/courses/${active.id}`, cookies: { ts_session: 'anything' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('query-state');
    expect(headValue(res.body, 'rel="canonical"', 'href')).toBe(`${PUBLIC_URL}/courses/${active.id}`);
    const unknown = await app.inject({ url: '/courses/nope', cookies: { ts_session: 'anything' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the browser-rendered pages as the shell, out of search results', async () => {
    for (const url of ['/login', '/admin', '/dashboard', `/courses/${active.id}/purchase?plan=monthly`]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(headValue(res.body, 'name="robots"')).toBe('noindex');
    }
  });
});

describe('compression', () => {
  it('compresses pages and JSON per response with brotli or gzip, as the client accepts', async () => {
    const br = await app.inject({ url: '/fundamental-courses', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain(
      'Fundamental Courses · TradeSkills',
    );
    const gzip = await app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('Page not found');
    const json = await app.inject({ url: '/api/courses/available', headers: { 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(json.rawPayload).toString())).toHaveLength(3);
    const plain = await app.inject({ url: '/fundamental-courses' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the precompressed copy of a hashed asset as a file', async () => {
    const br = await app.inject({
      url: '/assets/main-AbC123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(zlib.brotliCompressSync(ASSET).length));
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gzip = await app.inject({ url: '/assets/main-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/main-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });
});

describe('crawl files', () => {
  function parseSitemap(xml: string) {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => ({
      loc: m[1]!,
      lastmod: m[2],
    }));
  }

  it('lists every public page and active course with absolute URLs and accurate lastmod', async () => {
    const before = parseSitemap((await app.inject({ url: '/sitemap.xml' })).body);
    expect(before.map((u) => u.loc)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/fundamental-courses`,
      `${PUBLIC_URL}/upskill-courses`,
      `${PUBLIC_URL}/courses/${active.id}`,
      `${PUBLIC_URL}/courses/${upskill.id}`,
      `${PUBLIC_URL}/accessibility`,
      `${PUBLIC_URL}/privacy`,
    ]);
    expect(before[5]!.lastmod).toBe('2026-11-28T00:00:00.000Z');
    expect(before.find((u) => u.loc === `${PUBLIC_URL}/privacy`)?.lastmod).toBe('2026-11-25T00:00:00.000Z');
    expect(before[3]!.lastmod).toBe(active.updatedAt.toISOString());

    const edited = new Date('2030-01-02T03:04:05.000Z');
    await database.db.update(courses).set({ updatedAt: edited }).where(eq(courses.id, upskill.id));
    await invalidate(database, 'catalog');
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const after = parseSitemap(res.body);
    const lastmod = Object.fromEntries(after.map((u) => [u.loc, u.lastmod]));
    expect(lastmod[`${PUBLIC_URL}/courses/${upskill.id}`]).toBe(edited.toISOString());
    expect(lastmod[`${PUBLIC_URL}/upskill-courses`]).toBe(edited.toISOString());
    expect(lastmod[`${PUBLIC_URL}/`]).toBe(edited.toISOString());
    expect(lastmod[`${PUBLIC_URL}/fundamental-courses`]).not.toBe(edited.toISOString());
  });

  it('keeps crawlers out of the API, portal and admin, and names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/admin', '/dashboard', '/student', '/account', '/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
