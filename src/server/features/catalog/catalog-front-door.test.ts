import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { courses } from '#server/db/schema/index.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import { createTestDatabase } from '#server/test/harness.ts';
import { captureLogs } from '#server/test/log-capture.ts';
import { rawRequest, stableHeaders } from '#server/test/raw-http.ts';

// The catalogue's front door (docs/decisions/0024-front-door-for-the-catalogue.md): over a real socket, a cached
// catalogue is answered before Fastify, with exactly what the route itself answers.

const { stream: capture, lines } = captureLogs();
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;
let courseId: string;

const raw = (path: string, options: Parameters<typeof rawRequest>[2] = {}) => rawRequest(port, path, options);
const stable = stableHeaders;

const frontDoorLines = () => lines.filter((line) => line.includes('request completed at the front door'));

beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = await database.db
    .insert(courses)
    .values({
      title: 'Drainage Systems Fundamentals',
      description: 'Below-ground drainage.',
      pricePence: 99500,
    })
    .returning({ id: courses.id });
  courseId = row!.id;
  app = await buildApp(
    testConfig({ logLevel: 'info', dataDir: `.tmp/front-door-${process.pid}` }),
    { database },
    { clientDir: '/nonexistent', logStream: capture },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/courses/available at the front door', () => {
  it('answers a cached catalogue before Fastify, with the response the route sends, in every encoding', async () => {
    await raw('/api/courses/available'); // fills the cache through the route
    for (const encoding of ['identity', 'br', 'gzip', 'gzip, deflate, br;q=0']) {
      lines.length = 0;
      const headers = { 'accept-encoding': encoding };
      const viaRoute = await app.inject({ method: 'GET', url: '/api/courses/available', headers });
      const viaDoor = await raw('/api/courses/available', { headers });
      expect(frontDoorLines(), encoding).toHaveLength(1);
      expect(viaDoor.status).toBe(200);
      expect(stable(viaDoor.headers), encoding).toEqual(stable(viaRoute.headers));
      expect(viaDoor.body.equals(viaRoute.rawPayload), encoding).toBe(true);
    }
    const identity = await raw('/api/courses/available');
    expect(JSON.parse(identity.body.toString())).toEqual([expect.objectContaining({ id: courseId })]);
    expect(identity.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers 304 to a matching If-None-Match, HEAD without a body, and any query string', async () => {
    const first = await raw('/api/courses/available');
    const etag = String(first.headers.etag);
    const again = await raw('/api/courses/available', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await raw('/api/courses/available', { headers: { 'if-none-match': 'W/"other"' } });
    expect(stale.status).toBe(200);

    const head = await raw('/api/courses/available', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);

    lines.length = 0;
    const query = await raw('/api/courses/available?email=someone@example.com');
    expect(query.body.equals(first.body)).toBe(true);
    // The query's values never reach the log (README 'Limits and bad input').
    expect(frontDoorLines()).toHaveLength(1);
    expect(frontDoorLines()[0]).toContain('/api/courses/available?email=[redacted]');
    expect(lines.join('')).not.toContain('someone@example.com');
  });

  it('keeps a well-formed X-Request-Id, replaces a malformed one, and gives each request its own', async () => {
    const kept = await raw('/api/courses/available', { headers: { 'x-request-id': 'proxy-abc-123' } });
    expect(kept.headers['x-request-id']).toBe('proxy-abc-123');
    const forged = await raw('/api/courses/available', { headers: { 'x-request-id': 'a b <script>' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    const ids = await Promise.all(Array.from({ length: 20 }, () => raw('/api/courses/available')));
    expect(new Set(ids.map((r) => r.headers['x-request-id'])).size).toBe(20);
  });

  it('serves the new catalogue once it changes', async () => {
    await raw('/api/courses/available');
    await database.db.update(courses).set({ title: 'Drainage (renamed)' }).where(eq(courses.id, courseId));
    await invalidate(database, 'catalog');
    // The cold cache goes through the route, which fills it; then the front door has the new one.
    for (let i = 0; i < 2; i++) {
      const res = await raw('/api/courses/available');
      expect(JSON.parse(res.body.toString())[0].title).toBe('Drainage (renamed)');
    }
    lines.length = 0;
    await raw('/api/courses/available');
    expect(frontDoorLines()).toHaveLength(1);
  });

  it('leaves other methods and other paths to Fastify, which answers them as ever', async () => {
    lines.length = 0;
    for (const [method, path] of [
      ['POST', '/api/courses/available'],
      ['DELETE', '/api/courses/available'],
      ['GET', '/api/courses/available/'],
      ['GET', '/api/courses/availablex'],
    ] as const) {
      const viaRoute = await app.inject({ method, url: path });
      const viaSocket = await raw(path, { method });
      expect(viaSocket.status, `${method} ${path}`).toBe(viaRoute.statusCode);
      expect(viaSocket.status).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(viaSocket.body.toString())).toEqual(viaRoute.json());
    }
    expect(frontDoorLines()).toHaveLength(0);
  });
});
