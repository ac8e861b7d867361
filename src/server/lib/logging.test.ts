import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';
import { createTestDatabase } from '#server/test/harness.ts';
import { captureLogs } from '#server/test/log-capture.ts';

// Logs hold no secrets (README 'Limits and bad input'): a real database error's bound values (an email, an
// argon2 hash) and the request's cookie never reach a log line; the SQLSTATE does.
const { stream: capture, lines } = captureLogs();
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const email = `secret-person-${Date.now()}@example.com`;
let passwordHash: string;

beforeAll(async () => {
  database = await createTestDatabase();
  passwordHash = await hashPassword('Sup3rSecret!');
  app = await buildApp(
    testConfig({ logLevel: 'info', dataDir: `.tmp/logging-${process.pid}` }),
    { database },
    { clientDir: '/nonexistent', logStream: capture },
  );
  // A route that fails the way a bug would: a duplicate insert whose bound values are secrets.
  app.post('/api/test-only/db-error', async () => {
    const row = { email, passwordHash, role: 'student' as const, firstName: 'A', lastName: 'B' };
    await database.db.insert(users).values(row);
    await database.db.insert(users).values(row);
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('logs', () => {
  it('log a database error with its SQLSTATE but without bound values, cookies or tokens', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-only/db-error?token=reset-token-value',
      headers: { cookie: 'ts_session=session-token-value', authorization: 'Bearer bearer-token-value' },
      payload: {},
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('23505');
    for (const secret of [
      email,
      passwordHash,
      passwordHash.split('$').pop()!,
      'session-token-value',
      'bearer-token-value',
      'reset-token-value',
      'insert into',
    ]) {
      expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });

  it('log request URLs without their query values: an admin search for an email stays out', async () => {
    const searched = `searched-person-${Date.now()}@example.com`;
    await app.inject({ url: `/api/admin/students?search=${encodeURIComponent(searched)}&page=1` });
    await app.inject({ url: `/api/admin/students?${searched}` });
    const log = lines.join('');
    expect(log).toContain('/api/admin/students?search=[redacted]&page=[redacted]');
    expect(log.toLowerCase()).not.toContain('searched-person');
  });
});
