import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '#server/test/raw-http.ts';
import { FairShare } from './fair-share.service.ts';
import { type FrontBody, FrontDoor } from './front-door.service.ts';
import { precompress } from './precompressed.util.ts';

// The front door on a real node:http server (docs/decisions/0024-front-door-for-the-catalogue.md): what it answers
// itself, and everything it must leave to the framework behind it (here a handler that says "framework").

const door = new FrontDoor(new FairShare('ts_session'), 'ts_session', {
  api: [['content-security-policy', "default-src 'none'"]],
  page: [['x-frame-options', 'SAMEORIGIN']],
});
let catalogue: FrontBody | undefined;
const pages = new Map<string, FrontBody>();
let server: http.Server;
let port: number;
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(port, path, { method, headers });

beforeAll(async () => {
  door.serve('/api/list', {
    type: 'application/json',
    cacheControl: 'no-cache',
    security: 'api',
    current: () => catalogue,
  });
  door.serveCached({
    type: 'text/html',
    cacheControl: 'no-cache',
    vary: 'Cookie',
    security: 'page',
    visitorsOnly: true,
    current: (path) => pages.get(path),
  });
  catalogue = { etag: 'W/"c1"', body: await precompress('[{"id":1}]') };
  pages.set('/courses/1', { etag: 'W/"p1"', body: await precompress(`<main>${'page '.repeat(400)}</main>`) });
  server = http.createServer(door.handler((_req, res) => res.writeHead(299).end('framework')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('FrontDoor', () => {
  it('answers a registered path from its cached body, with its own headers, in the encoding the client accepts', async () => {
    const plain = await get('/api/list?x=1');
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe('[{"id":1}]');
    expect(plain.headers).toMatchObject({
      'content-type': 'application/json',
      'content-security-policy': "default-src 'none'",
      'cache-control': 'no-cache',
      etag: 'W/"c1"',
      vary: 'Accept-Encoding',
      'content-length': '10',
    });
    expect(plain.headers['x-frame-options']).toBeUndefined();
    const br = await get('/courses/1', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(br.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(br.body.equals(pages.get('/courses/1')!.body.br)).toBe(true);
    const notModified = await get('/courses/1', { 'if-none-match': 'W/"p1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.vary).toBe('Cookie, Accept-Encoding');
    const head = await get('/api/list', {}, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe('10');
  });

  it('leaves writes, uncached paths, signed-in browsers on visitor pages, and everything while closing, to the framework', async () => {
    const answered = door.answered;
    for (const [path, headers, method] of [
      ['/api/list', {}, 'POST'],
      ['/api/list', {}, 'DELETE'],
      ['/courses/2', {}, 'GET'],
      ['/courses/1', { cookie: 'theme=dark; ts_session=abc' }, 'GET'],
    ] as const) {
      const res = await get(path, headers, method);
      expect(res.status, `${method} ${path}`).toBe(299);
      expect(res.body.toString()).toBe('framework');
    }
    // A session cookie does not stop the catalogue, which is the same for everyone.
    expect((await get('/api/list', { cookie: 'ts_session=abc' })).status).toBe(200);
    catalogue = undefined;
    expect((await get('/api/list')).status).toBe(299);
    expect(door.answered).toBe(answered + 1);

    door.close();
    expect((await get('/courses/1')).status).toBe(299);
  });
});
