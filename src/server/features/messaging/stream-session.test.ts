import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '#server/test/db-target.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { openStream } from './stream-client.test-helper.ts';

// A live message stream belongs to the session that opened it: sign-out, a password change (which revokes the
// other sessions) and deactivation end it within seconds, on this process and on another one.

let t: TestContext;
let second: Awaited<ReturnType<TestContext['secondInstance']>>;
let admin: TestUser;
let adminCookie = '';
const bases: string[] = [];

async function listen(app: TestContext['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  t = await createTestApp();
  second = await t.secondInstance();
  bases.push(await listen(t.app), await listen(second.app));
  admin = await t.createUser({ role: 'admin' });
  adminCookie = await t.login(admin);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Resolves true if the stream ended within `ms`. */
async function endsWithin(stream: ReturnType<typeof openStream>, ms: number): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describe(`message streams end with their session, on every process (${testDbKind()})`, () => {
  it('sign-out closes the stream of that session only, here and on the other instance', async () => {
    const user = await t.createUser();
    const signingOut = await t.login(user);
    const staying = await t.login(user);
    const streams = [
      openStream(bases[0]!, signingOut),
      openStream(bases[1]!, signingOut),
      openStream(bases[1]!, staying),
    ];
    for (const s of streams) expect(await s.ready).toBe(200);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: signingOut } });
      expect(res.statusCode).toBeLessThan(400);
      expect(await endsWithin(streams[0]!, 3000)).toBe(true);
      expect(await endsWithin(streams[1]!, 3000)).toBe(true);
      // The user's other device keeps its stream.
      expect(await endsWithin(streams[2]!, 300)).toBe(false);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('a password change ends the streams of the other sessions on both instances', async () => {
    const user = await t.createUser({ password: 'OldPassword1!' });
    const here = await t.login(user);
    const elsewhere = await t.login(user);
    const streams = [openStream(bases[0]!, elsewhere), openStream(bases[1]!, elsewhere)];
    for (const s of streams) expect(await s.ready).toBe(200);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/password',
        headers: { cookie: here },
        payload: { currentPassword: 'OldPassword1!', newPassword: 'NewPassword2!' },
      });
      expect(res.statusCode).toBe(200);
      for (const s of streams) expect(await endsWithin(s, 3000)).toBe(true);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('deactivation by an admin ends every stream of the student on both instances', async () => {
    const student = await t.createUser();
    const cookie = await t.login(student);
    const streams = [openStream(bases[0]!, cookie), openStream(bases[1]!, cookie)];
    for (const s of streams) expect(await s.ready).toBe(200);
    try {
      const res = await second.app.inject({
        method: 'PATCH',
        url: `/api/admin/students/${student.id}`,
        headers: { cookie: adminCookie },
        payload: { isActive: false },
      });
      expect(res.statusCode).toBe(200);
      for (const s of streams) expect(await endsWithin(s, 3000)).toBe(true);
    } finally {
      for (const s of streams) s.close();
    }
  });
});
