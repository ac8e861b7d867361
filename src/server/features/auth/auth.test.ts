import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, rateLimits, users } from '#server/db/schema/index.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

const creds = (u: { email: string; password: string }) => ({ email: u.email, password: u.password });

async function clearThrottle() {
  await t.db.delete(rateLimits);
}

describe('POST /api/login', () => {
  it('signs in with a case-insensitive email and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const user = await t.createUser({ email: 'Mixed.Case@Example.com', firstName: 'Ada' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: '  mixed.case@EXAMPLE.com ', password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: user.id,
      email: 'Mixed.Case@Example.com',
      firstName: 'Ada',
      lastName: 'User',
      role: 'student',
      profileImageUrl: null,
      mustChangePassword: false,
      roles: ['student'],
      isTeamManager: false,
    });
    const cookie = res.cookies.find((c) => c.name === 'ts_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    // Only the SHA-256 of the token is stored.
    const stored = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.tokenHash).not.toContain(cookie!.value);
  });

  it('answers a wrong email and a wrong password identically', async () => {
    const user = await t.createUser();
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'nope-nope' },
    });
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
    expect(wrongEmail.json()).toEqual({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
    await clearThrottle();
  });

  it('stores argon2id hashes with at least the OWASP parameters', async () => {
    const user = await t.createUser();
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row!.hash);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(Number(match![3])).toBe(1);
  });

  it('rotates the session: signing in again revokes the cookie the browser sent', async () => {
    const user = await t.createUser();
    const first = await t.login(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: first },
      payload: { email: user.email, password: user.password },
    });
    const second = `ts_session=${res.cookies.find((c) => c.name === 'ts_session')!.value}`;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('refuses deactivated users, and their existing sessions stop working', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: creds(user) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/deactivated/);
  });

  it('refuses an expired temporary password with a pointer to Forgot password', async () => {
    const user = await t.createUser({
      mustChangePassword: true,
      tempPasswordExpiresAt: new Date(Date.now() - 1000),
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: creds(user) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain("'Forgot password?'");
  });
});

describe('throttling', () => {
  it('locks an account after 5 failures for 15 minutes, even with the right password', async () => {
    await clearThrottle();
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'wrong-pass' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/login', payload: creds(user) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    // Another account from the same address is not blocked by this one.
    const other = await t.createUser();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: creds(other) })).statusCode,
    ).toBe(200);
    // Once the window has passed, the account opens again.
    await t.db.update(rateLimits).set({ windowStart: sql`now() - interval '16 minutes'` });
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: creds(user) })).statusCode).toBe(
      200,
    );
  });

  it('limits failures per address across accounts', async () => {
    await clearThrottle();
    for (let i = 0; i < 30; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `spray${i}@example.com`, password: 'wrong-pass' },
      });
    }
    const user = await t.createUser();
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: creds(user) });
    expect(res.statusCode).toBe(429);
    await clearThrottle();
  });
});

describe('GET /api/user and GET /api/login', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    const res = await t.app.inject({ url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('treats an unknown or tampered cookie as signed out', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: { cookie: 'ts_session=forged-token' } });
    expect(res.statusCode).toBe(401);
  });

  it('expires idle sessions', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    await t.db
      .update(authSessions)
      .set({ lastSeenAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) })
      .where(eq(authSessions.userId, user.id));
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('redirects GET /api/login to the login page', async () => {
    const res = await t.app.inject({ url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('POST /api/logout', () => {
  it('revokes the session so the old cookie no longer works', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'ts_session')?.value).toBe('');
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('is harmless when signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses state changes from another site', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    // Still signed in: nothing was changed.
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it('accepts our own origin and refuses non-JSON bodies', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'currentPassword=x&newPassword=yyyyyyyyyy',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toMatch(/send JSON/);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('malformed JSON → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body', code: 'MALFORMED_JSON' });
  });

  it('missing, wrong-typed and unknown fields → 400 with a message', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.c' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: '', password: '' },
    });
    expect(empty.json().message).toBe('Please enter both username and password');
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 5, password: true },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toMatch(/^email: /);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.c', password: 'x', admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown field: admin');
  });

  it('bodies over 1 MB → 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large', code: 'BODY_TOO_LARGE' });
  });

  it('unknown API paths → JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/does-not-exist');
  });
});

describe('health and headers', () => {
  it('/healthz and /readyz answer', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
