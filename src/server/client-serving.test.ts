import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createTestDatabase } from './test/harness.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-client-'));
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-AbC123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await createTestDatabase();
  // No server renderer here: pages fall back to the shell (features/public-pages covers server rendering).
  app = await buildApp(
    testConfig(),
    { database },
    { clientDir, serverEntryFile: path.join(clientDir, 'none.js') },
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.inject({ url: '/assets/main-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/courses/123/purchase?plan=monthly']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers unknown pages with 404 and the app shell, which shows the not-found page', async () => {
    const res = await app.inject({ url: '/some/unknown/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves other public files and 404s missing assets and unknown API paths as JSON', async () => {
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
    const missingAsset = await app.inject({ url: '/assets/nope-123.js' });
    expect(missingAsset.statusCode).toBe(404);
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json()).toEqual({ message: 'Not found: GET /api/nothing-here', code: 'ROUTE_NOT_FOUND' });
  });

  it('does not serve files outside the client folder', async () => {
    const res = await app.inject({ url: '/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
    const encoded = await app.inject({ url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(encoded.body).not.toContain('root:');
  });

  it('publishes the OpenAPI description', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/login']).toBeDefined();
  });
});

describe('request logs', () => {
  it('never carry query values: reset tokens, upload signatures, payment secrets, search terms', async () => {
    const { redactUrl } = await import('./app.ts');
    expect(redactUrl('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/objects/put/k?expires=1&sig=deadbeef&x=1')).toBe(
      '/api/objects/put/k?expires=[redacted]&sig=[redacted]&x=[redacted]',
    );
    expect(redactUrl('/purchase-success?payment_intent=pi_1&payment_intent_client_secret=s3cr3t')).toBe(
      '/purchase-success?payment_intent=[redacted]&payment_intent_client_secret=[redacted]',
    );
    expect(redactUrl('/api/admin/students?search=jo%40example.com&page=2')).toBe(
      '/api/admin/students?search=[redacted]&page=[redacted]',
    );
  });
});
