import { Writable } from 'node:stream';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type AppConfig, ConfigError, loadConfig, testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import { createUser } from '#server/test/factories.ts';
import { createTestDatabase } from '#server/test/harness.ts';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP } from './auth.service.ts';

// TRUST_PROXY (README 'Configuration'), every documented form through the real app: which address request.ip is
// (as the request log records it) and which sign-in rate-limit bucket a failed attempt lands in.
//
// One request path for every case: the client 198.51.100.7 goes through an outer proxy 10.9.0.2 and the nearest
// proxy 10.9.0.1 (the socket peer). The client itself put a forged 6.6.6.6 in front.
const NEAREST_PROXY = '10.9.0.1';
const OUTER_PROXY = '10.9.0.2';
const CLIENT = '198.51.100.7';
const FORGED = '6.6.6.6';
const FORWARDED_FOR = `${FORGED}, ${CLIENT}, ${OUTER_PROXY}`;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let apps = 0;
async function appWith(trustProxy: AppConfig['trustProxy']) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp(
    testConfig({ trustProxy, logLevel: 'info', dataDir: `.tmp/trust-proxy-${process.pid}-${++apps}` }),
    { database },
    { clientDir: '/nonexistent', logStream },
  );
  await app.ready();
  return { app, lines };
}

/** One failed sign-in through the proxies; returns the address the app logged and the buckets it counted. */
async function failedSignIn(trustProxy: AppConfig['trustProxy'], remoteAddress = NEAREST_PROXY) {
  const { app, lines } = await appWith(trustProxy);
  try {
    const user = await createUser(database.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'not-the-password' },
      remoteAddress,
      headers: { 'x-forwarded-for': FORWARDED_FOR },
    });
    expect(res.statusCode).toBe(401);
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    const buckets = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `login:pair:${user.email}|%`));
    return {
      ip: incoming.req.remoteAddress as string,
      buckets: buckets.map((b) => b.key.split('|')[1]),
    };
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  it('parses false, true, a hop count and a list of addresses/CIDRs, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone!' })).toThrow(ConfigError);
  });

  const cases: [string, AppConfig['trustProxy'], string][] = [
    ['false: the socket address; the header is ignored', false, NEAREST_PROXY],
    ['true: the first address in the header, forged or not', true, FORGED],
    ['1: the address the nearest proxy saw', 1, OUTER_PROXY],
    ['2: the address the outer proxy saw: the client', 2, CLIENT],
    ['a list: the first address that is not a listed proxy', [NEAREST_PROXY, '10.9.0.0/30'], CLIENT],
  ];
  it.each(cases)('%s', async (_name, trustProxy, expected) => {
    const seen = await failedSignIn(trustProxy);
    expect(seen.ip).toBe(expected);
    expect(seen.buckets).toEqual([expected]);
  });

  it('with a list, a client reaching the app directly gains nothing by forging the header', async () => {
    const seen = await failedSignIn([NEAREST_PROXY], '192.0.2.50');
    expect(seen.ip).toBe('192.0.2.50');
    expect(seen.buckets).toEqual(['192.0.2.50']);
  });

  it('without it, a forged X-Forwarded-For gains nothing: the throttle keys on the socket address', async () => {
    const { app } = await appWith(false);
    try {
      const user = await createUser(database.db);
      const login = (password: string, forged: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password },
          remoteAddress: '10.4.0.1',
          headers: { 'x-forwarded-for': forged },
        });
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) await login('guess', `192.0.2.${i}`);
      expect((await login(user.password, '192.0.2.200')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('with a hop count, every client behind the proxy has its own bucket and device-list address', async () => {
    const { app } = await appWith(1);
    try {
      const user = await createUser(database.db);
      const via = (password: string, client: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password },
          remoteAddress: NEAREST_PROXY,
          headers: { 'x-forwarded-for': `${FORGED}, ${client}` },
        });
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) await via('guess', '198.51.100.7');
      expect((await via(user.password, '198.51.100.7')).statusCode).toBe(429);
      const owner = await via(user.password, '198.51.100.8');
      expect(owner.statusCode).toBe(200);
      const cookie = owner.cookies.find((c) => c.name === 'ts_session')!;
      const devices = await app.inject({
        url: '/api/user/sessions',
        headers: { cookie: `ts_session=${cookie.value}`, 'x-forwarded-for': '198.51.100.8' },
        remoteAddress: NEAREST_PROXY,
      });
      expect(devices.body).toContain('198.51.100.8');
    } finally {
      await app.close();
    }
  });
});
