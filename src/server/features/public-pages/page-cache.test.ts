import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { certificates, courses } from '#server/db/schema/index.ts';
import { courseContentChanged } from '#server/lib/change-notifications.service.ts';
import { createUser } from '#server/test/factories.ts';
import { anotherProcessDatabase, createTestDatabase, eventually } from '#server/test/harness.ts';
import { rawRequest, stableHeaders } from '#server/test/raw-http.ts';

// The rendered-page cache for visitors (docs/decisions/0018-cached-pages-fair-rendering.md), through the real app
// and database. The stand-in server entry numbers its renders, so equal bytes prove a page was not rendered again.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-page-cache-'));
const clientDir = path.join(dir, 'client');
const serverEntryFile = path.join(dir, 'entry-server.mjs');
const TEMPLATE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>Template title</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const ENTRY = `let renders = 0;
export async function render(url, queries) {
  renders++;
  return { html: '<main><h1>Rendered ' + url + ' #' + renders + '</h1>' + 'x'.repeat(2000) + '</main>', state: { queries } };
}`;

type App = Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let second: Database;
let app: App;
let other: App;
let courseId = '';
let adminCookie = '';

beforeAll(async () => {
  fs.mkdirSync(clientDir, { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  fs.writeFileSync(serverEntryFile, ENTRY);
  database = await createTestDatabase();
  const [course] = await database.db
    .insert(courses)
    .values({ title: 'Cached Drainage', description: 'Below-ground drainage.', order: 1 })
    .returning();
  courseId = course!.id;
  const config = testConfig({ dataDir: path.join(dir, 'data') });
  app = await buildApp(config, { database }, { clientDir, serverEntryFile });
  // A second app on the same database, as another server process would run it.
  second = await anotherProcessDatabase(database);
  other = await buildApp(config, { database: second }, { clientDir, serverEntryFile });
  const admin = await createUser(database.db, { role: 'admin' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: admin.email, password: admin.password },
  });
  adminCookie = `ts_session=${login.cookies.find((c) => c.name === 'ts_session')!.value}`;
});
afterAll(async () => {
  await other.close();
  await app.close();
  if (second !== database) await second.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (target: App, url: string, headers: Record<string, string> = {}) =>
  target.inject({ url, headers });
const renderNumber = (html: string) => Number(html.match(/ #(\d+)<\/h1>/)?.[1]);

describe('cached public pages', () => {
  it('serves every visitor the same bytes, compressed once, whatever the query string', async () => {
    const first = await get(app, '/fundamental-courses');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['content-encoding']).toBeUndefined();
    const again = await get(app, '/fundamental-courses?utm_source=newsletter');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);

    const br = await get(app, '/fundamental-courses', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await get(app, '/fundamental-courses', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    // Security headers are still per response.
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");

    const notModified = await get(app, '/fundamental-courses', {
      'if-none-match': first.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    // Ten visitors at once on a cold course page: one render between them.
    const crowd = await Promise.all(Array.from({ length: 10 }, () => get(app, `/courses/${courseId}`)));
    expect(new Set(crowd.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(crowd.map((r) => r.body)).size).toBe(1);
  });

  it('renders pages afresh in every process once the catalogue changes', async () => {
    const before = (await get(app, '/fundamental-courses')).body;
    const beforeThere = (await get(other, '/fundamental-courses')).body;
    expect((await get(other, '/fundamental-courses')).body).toBe(beforeThere);

    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/courses',
      headers: { cookie: adminCookie },
      payload: { title: 'Brand New Bricklaying', description: 'Walls.', courseType: 'fundamental' },
    });
    expect(created.statusCode).toBe(201);

    const after = (await get(app, '/fundamental-courses')).body;
    expect(renderNumber(after)).toBeGreaterThan(renderNumber(before));
    expect(after).toContain('Brand New Bricklaying');
    await eventually(async () => {
      expect((await get(other, '/fundamental-courses')).body).toContain('Brand New Bricklaying');
    });

    // A change to a course's modules or topics (its curriculum is on the page) clears them too.
    const page = (await get(app, `/courses/${courseId}`)).body;
    await courseContentChanged(database);
    expect(renderNumber((await get(app, `/courses/${courseId}`)).body)).toBeGreaterThan(renderNumber(page));
  });

  it('is bypassed by signed-in visitors, and unknown courses are never kept', async () => {
    const visitor = (await get(app, '/')).body;
    expect(visitor).toContain('Rendered /');
    const signedIn = await get(app, '/', { cookie: adminCookie, 'accept-encoding': 'br' });
    expect(signedIn.statusCode).toBe(200);
    // The shell: the browser renders the signed-in page; nothing rendered, nothing from the cache.
    const shell = zlib.brotliDecompressSync(signedIn.rawPayload).toString();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('Rendered');
    expect(signedIn.headers.etag).toBeUndefined();
    // The visitor's page is untouched by the signed-in request.
    expect((await get(app, '/')).body).toBe(visitor);

    const missing = '/courses/00000000-0000-4000-8000-000000000000';
    const first = await get(app, missing);
    expect(first.statusCode).toBe(404);
    expect(renderNumber((await get(app, missing)).body)).toBeGreaterThan(renderNumber(first.body));
  });
});

describe('cached public pages at the front door', () => {
  it('answers a visitor a cached page before Fastify, exactly as the route would; never a signed-in browser', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const path = `/courses/${courseId}`;
    await rawRequest(port, path); // the route renders and caches it
    for (const encoding of ['identity', 'br', 'gzip']) {
      const headers = { 'accept-encoding': encoding };
      const viaRoute = await app.inject({ url: path, headers });
      const answered = app.frontDoor.answered;
      const viaDoor = await rawRequest(port, `${path}?utm_source=newsletter`, { headers });
      expect(app.frontDoor.answered, encoding).toBe(answered + 1);
      expect(viaDoor.status).toBe(200);
      expect(stableHeaders(viaDoor.headers), encoding).toEqual(stableHeaders(viaRoute.headers));
      expect(viaDoor.body.equals(viaRoute.rawPayload), encoding).toBe(true);
    }
    const page = await rawRequest(port, path);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const notModified = await rawRequest(port, path, {
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);

    // A signed-in browser, an uncached 404 and a write all go to Fastify.
    const answered = app.frontDoor.answered;
    const signedIn = await rawRequest(port, path, { headers: { cookie: adminCookie } });
    expect(signedIn.body.toString()).toContain('<div id="root"></div>');
    expect(signedIn.body.toString()).not.toContain('Rendered');
    const missing = await rawRequest(port, '/courses/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    const posted = await rawRequest(port, path, { method: 'POST' });
    expect(posted.status).toBe(404);
    expect(app.frontDoor.answered).toBe(answered);

    // A change clears the page: the next visitor gets a fresh render from the route, then the front door has it.
    const before = renderNumber(page.body.toString());
    await courseContentChanged(database);
    const fresh = await rawRequest(port, path);
    expect(renderNumber(fresh.body.toString())).toBeGreaterThan(before);
    expect(app.frontDoor.answered).toBe(answered);
    expect((await rawRequest(port, path)).body.equals(fresh.body)).toBe(true);
    expect(app.frontDoor.answered).toBe(answered + 1);
  });

  it("answers a certificate's page too, until the certificate is revoked, in every process", async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const holder = await createUser(database.db);
    const code = 'PageCacheCode123';
    const [cert] = await database.db
      .insert(certificates)
      .values({
        code,
        userId: holder.id,
        courseId,
        holderName: 'Pat Page',
        courseTitle: 'Cached Drainage',
        learningMinutes: 90,
        completedAt: new Date(),
      })
      .returning({ id: certificates.id });
    const path = `/certificates/${code}`;
    const first = await rawRequest(port, path); // the route renders and caches it
    expect(first.status).toBe(200);
    expect(first.body.toString()).toContain('Pat Page');
    await get(other, path); // and the other process's copy
    const headers = { 'accept-encoding': 'br' };
    const viaRoute = await app.inject({ url: path, headers: { ...headers, cookie: adminCookie } });
    const answered = app.frontDoor.answered;
    const viaDoor = await rawRequest(port, path, { headers });
    expect(app.frontDoor.answered).toBe(answered + 1);
    // A signed-in browser gets the same page from the route (nothing on it depends on who asks).
    expect(stableHeaders(viaDoor.headers)).toEqual(stableHeaders(viaRoute.headers));
    expect(viaDoor.body.equals(viaRoute.rawPayload)).toBe(true);

    const revoke = await app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${cert!.id}/revoke`,
      headers: { cookie: adminCookie },
      payload: { reason: 'Issued in error' },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await rawRequest(port, path)).body.toString()).toContain('Revoked on');
    await eventually(async () => expect((await get(other, path)).body).toContain('Revoked on'));
    // An unknown code is never kept: each visitor's request reaches the route.
    const unknown = '/certificates/NoSuchCode123';
    expect((await rawRequest(port, unknown)).status).toBe(404);
    expect(app.pageCache.peek(unknown)).toBeUndefined();
  });
});
