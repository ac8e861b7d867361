import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '#server/db/client.ts';
import { authSessions } from '#server/db/schema/index.ts';
import { userChanged } from '#server/lib/sessions.service.ts';
import { testDbKind } from '#server/test/db-target.ts';
import { createTestApp, eventually, type TestContext, type TestUser } from '#server/test/harness.ts';

// Signed-in requests resolve the session from an in-process cache. These tests hold it to the rule that matters:
// whatever signs a user out or changes their account takes effect at once in the process that made the change,
// and within moments in every other process (a second app on the same database, like a second server).

let t: TestContext;
let other: Awaited<ReturnType<TestContext['secondInstance']>>;
let admin: TestUser;
let adminCookie = '';

beforeAll(async () => {
  t = await createTestApp();
  other = await t.secondInstance();
  admin = await t.createUser({ role: 'admin', firstName: 'Ada' });
  adminCookie = await t.login(admin);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

let student: TestUser;
let here = '';
let there = '';
beforeEach(async () => {
  student = await t.createUser({ firstName: 'Sam' });
  here = await t.login(student);
  there = await t.login(student);
});
afterEach(async () => {
  await send(t.app, 'PATCH', `/api/admin/students/${student.id}`, adminCookie, { isActive: true });
});

const send = (
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  cookie: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

/** Both sessions are in use on both servers, so both are cached everywhere. */
async function warm() {
  for (const app of [t.app, other.app]) {
    for (const cookie of [here, there]) expect((await me(app, cookie)).statusCode).toBe(200);
  }
}

async function expectSignedOut(cookie: string) {
  expect((await me(t.app, cookie)).statusCode).toBe(401);
  await eventually(async () => expect((await me(other.app, cookie)).statusCode).toBe(401));
}

describe(`session cache (${testDbKind()})`, () => {
  it('sign-out ends the session at once here and within moments on the other server', async () => {
    await warm();
    const res = await send(t.app, 'POST', '/api/logout', here);
    expect(res.statusCode).toBe(200);
    await expectSignedOut(here);
    expect((await me(other.app, there)).statusCode).toBe(200);
  });

  it('deactivation signs the student out everywhere', async () => {
    await warm();
    const res = await send(t.app, 'PATCH', `/api/admin/students/${student.id}`, adminCookie, {
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    await expectSignedOut(here);
    await expectSignedOut(there);
  });

  it('a password change keeps only the device that made it, with a new token', async () => {
    await warm();
    const res = await send(other.app, 'POST', '/api/user/password', there, {
      currentPassword: student.password,
      newPassword: 'Different456!',
    });
    expect(res.statusCode).toBe(200);
    const rotated = `ts_session=${res.cookies.find((c) => c.name === 'ts_session')!.value}`;
    expect((await me(other.app, there)).statusCode).toBe(401);
    await eventually(async () => expect((await me(t.app, here)).statusCode).toBe(401));
    expect((await me(t.app, rotated)).statusCode).toBe(200);
  });

  it('signing out other devices reaches the other server', async () => {
    await warm();
    const res = await send(t.app, 'POST', '/api/user/sessions/revoke-others', here);
    expect(res.json()).toMatchObject({ revoked: 1 });
    await eventually(async () => expect((await me(other.app, there)).statusCode).toBe(401));
    expect((await me(t.app, here)).statusCode).toBe(200);
  });

  it('a profile change shows on the next request everywhere', async () => {
    await warm();
    const res = await send(t.app, 'PUT', '/api/user/profile', here, { firstName: 'Samira' });
    expect(res.statusCode).toBe(200);
    expect((await me(t.app, there)).json().firstName).toBe('Samira');
    await eventually(async () => expect((await me(other.app, there)).json().firstName).toBe('Samira'));
  });

  it('resending credentials puts the account back on a temporary password everywhere', async () => {
    await warm();
    const res = await send(
      t.app,
      'POST',
      `/api/admin/students/${student.id}/resend-credentials`,
      adminCookie,
    );
    expect(res.statusCode).toBe(204);
    await expectSignedOut(here);
    await expectSignedOut(there);
  });

  it('userChanged() is what makes a change visible: without it the cached session lives until its TTL', async () => {
    await warm();
    // A write that forgets to call userChanged() after committing (nothing in the app does).
    await t.db.delete(authSessions).where(eq(authSessions.userId, student.id));
    expect((await me(t.app, here)).statusCode).toBe(200);
    await userChanged(t.database, student.id);
    await expectSignedOut(here);
    await expectSignedOut(there);
  });

  // Only PostgreSQL has a LISTEN connection that can drop (PGlite runs inside this process).
  if (testDbKind() === 'postgres') {
    it('after the LISTEN connection drops it comes back, and what it missed is read afresh', async () => {
      await warm();
      // Kill every listener of this database (both apps'), as a server restart or an idle kill would.
      const killed = await t.db.execute(sql`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`);
      expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
      // Sent while the other app's listener may still be down: it never hears this one.
      expect((await send(t.app, 'POST', '/api/logout', here)).statusCode).toBe(200);
      await expectSignedOut(here);
      // Listening again: a later change arrives as usual.
      await eventually(async () => {
        const res = await t.db.execute(sql`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`);
        expect((res as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
      });
      expect((await me(other.app, there)).statusCode).toBe(200);
      await send(t.app, 'PATCH', `/api/admin/students/${student.id}`, adminCookie, { isActive: false });
      await expectSignedOut(there);
    });
  }
});
