import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, users } from '#server/db/schema/index.ts';
import { fakePng } from '#server/test/fixtures/media.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function loginWith(user: { email: string; password: string }, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  return `ts_session=${res.cookies.find((c) => c.name === 'ts_session')!.value}`;
}

const putProfile = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: { cookie }, payload: payload as object });

describe('GET/PUT /api/user/profile', () => {
  it('shows and updates the profile; the current user reflects it', async () => {
    const user = await t.createUser({ firstName: 'Sam', lastName: 'Jones', phoneNumber: '07700 900123' });
    const cookie = await t.login(user);
    const get = await t.app.inject({ url: '/api/user/profile', headers: { cookie } });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Sam',
      lastName: 'Jones',
      phoneNumber: '07700 900123',
      profileImageUrl: null,
      role: 'student',
    });

    const put = await putProfile(cookie, {
      firstName: '  Samantha ',
      lastName: "O'Neill-Smith",
      phoneNumber: '+44 7700 900456',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      firstName: 'Samantha',
      lastName: "O'Neill-Smith",
      phoneNumber: '+44 7700 900456',
    });
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ firstName: 'Samantha', lastName: "O'Neill-Smith" });

    // A partial update leaves the other fields; a blank phone number clears it.
    const partial = await putProfile(cookie, { phoneNumber: '  ' });
    expect(partial.json()).toMatchObject({ firstName: 'Samantha', phoneNumber: null });
  });

  it('validates names (1–100 characters) and phone numbers (digits, spaces and +)', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const cases: [unknown, string][] = [
      [{ firstName: '   ' }, 'First name is required'],
      [{ lastName: '' }, 'Last name is required'],
      [{ firstName: 'a'.repeat(101) }, 'First name must be at most 100 characters'],
      [{ lastName: 'b'.repeat(101) }, 'Last name must be at most 100 characters'],
      [{ phoneNumber: '07700-900123' }, 'Phone number can only contain digits, spaces and a leading +'],
      [{ phoneNumber: 'call me' }, 'Phone number can only contain digits, spaces and a leading +'],
      [{ phoneNumber: '44+ 7700' }, 'Phone number can only contain digits, spaces and a leading +'],
      [{ phoneNumber: '1'.repeat(31) }, 'Phone number must be at most 30 characters'],
      [{}, 'Nothing to update'],
      [{ email: 'new@example.com' }, 'Unknown field: email'],
      [{ role: 'admin' }, 'Unknown field: role'],
    ];
    for (const [payload, message] of cases) {
      const res = await putProfile(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await putProfile(cookie, { firstName: 'a'.repeat(100) })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('student');
    expect(row!.firstName).toBe('a'.repeat(100));
  });

  it('needs a signed-in user who has replaced a temporary password', async () => {
    expect((await t.app.inject({ url: '/api/user/profile' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/user/profile', payload: { firstName: 'X' } }))
        .statusCode,
    ).toBe(401);
    const pending = await t.createUser({
      mustChangePassword: true,
      tempPasswordExpiresAt: new Date(Date.now() + 86400_000),
    });
    const cookie = await t.login(pending);
    const res = await t.app.inject({ url: '/api/user/profile', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You must change your password before continuing.');
    expect((await t.app.inject({ url: '/api/user/sessions', headers: { cookie } })).statusCode).toBe(403);
  });
});

describe('signed-in devices', () => {
  it('lists the account’s devices with a browser label, this device first and marked', async () => {
    const user = await t.createUser();
    const phone = await loginWith(user, SAFARI_IPHONE);
    const laptop = await loginWith(user, CHROME_WINDOWS);
    const res = await t.app.inject({ url: '/api/user/sessions', headers: { cookie: phone } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { browser: string; current: boolean; lastSeenAt: string; id: string }[];
    expect(list.map((s) => [s.browser, s.current])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
    ]);
    expect(Number.isNaN(Date.parse(list[0]!.lastSeenAt))).toBe(false);
    expect(JSON.stringify(list)).not.toMatch(/tokenHash|token_hash/);
    // The laptop sees itself as the current device.
    const fromLaptop = (
      await t.app.inject({ url: '/api/user/sessions', headers: { cookie: laptop } })
    ).json() as typeof list;
    expect(fromLaptop[0]).toMatchObject({ browser: 'Chrome on Windows', current: true });
  });

  it('signs out one device: its next request is signed out, the others stay', async () => {
    const user = await t.createUser();
    const phone = await loginWith(user, SAFARI_IPHONE);
    const laptop = await loginWith(user, CHROME_WINDOWS);
    const list = (await t.app.inject({ url: '/api/user/sessions', headers: { cookie: laptop } })).json() as {
      id: string;
      current: boolean;
    }[];
    const phoneId = list.find((s) => !s.current)!.id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${phoneId}`,
      headers: { cookie: laptop },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: laptop } })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${phoneId}`,
      headers: { cookie: laptop },
    });
    expect(again.statusCode).toBe(404);
  });

  it('signing out this device clears its cookie', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const [own] = (await t.app.inject({ url: '/api/user/sessions', headers: { cookie } })).json() as {
      id: string;
    }[];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${own!.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'ts_session')?.value).toBe('');
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('signs out everywhere else, keeping this device', async () => {
    const user = await t.createUser();
    const a = await t.login(user);
    const b = await t.login(user);
    const c = await t.login(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/sessions/revoke-others',
      headers: { cookie: b },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out 2 other devices', revoked: 2 });
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: a } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: c } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: b } })).statusCode).toBe(200);
  });

  it('a student cannot see or revoke another user’s sessions', async () => {
    const victim = await t.createUser();
    const victimCookie = await t.login(victim);
    const [victimSession] = await t.db.select().from(authSessions).where(eq(authSessions.userId, victim.id));
    const attacker = await t.createUser();
    const attackerCookie = await t.login(attacker);

    const list = (
      await t.app.inject({ url: '/api/user/sessions', headers: { cookie: attackerCookie } })
    ).json() as {
      id: string;
    }[];
    expect(list).toHaveLength(1);
    expect(list.map((s) => s.id)).not.toContain(victimSession!.id);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${victimSession!.id}`,
      headers: { cookie: attackerCookie },
    });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({
      message: 'That device is not signed in to your account',
      code: 'SESSION_NOT_FOUND',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/sessions/revoke-others',
      headers: { cookie: attackerCookie },
    });
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: victimCookie } })).statusCode).toBe(
      200,
    );

    // An admin's own device list is theirs only, too.
    const admin = await t.createUser({ role: 'admin' });
    const adminCookie = await t.login(admin);
    const adminList = (
      await t.app.inject({ url: '/api/user/sessions', headers: { cookie: adminCookie } })
    ).json();
    expect(adminList).toHaveLength(1);
  });

  it('rejects a malformed id and signed-out callers', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/sessions/not-a-uuid',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/sessions/revoke-others' })).statusCode).toBe(
      401,
    );
  });
});

describe('avatar', () => {
  /** The media flow as the browser runs it: ask for a URL, PUT the bytes, confirm. */
  async function uploadImage(
    cookie: string,
    body = fakePng(),
    fileType = 'image',
    contentType = 'image/png',
  ) {
    const target = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie },
      payload: { fileType, contentType, size: body.length },
    });
    expect(target.statusCode).toBe(200);
    const { uploadURL, objectPath } = target.json() as { uploadURL: string; objectPath: string };
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(put.statusCode).toBeLessThan(300);
    const complete = await t.app.inject({
      method: 'POST',
      url: '/api/objects/complete',
      headers: { cookie },
      payload: { objectPath },
    });
    expect(complete.statusCode).toBe(200);
    return objectPath;
  }

  it('stores an uploaded image as the avatar, shows it to everyone, and deletes the one it replaces', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const first = await uploadImage(cookie);
    const res = await putProfile(cookie, { profileImageUrl: first });
    expect(res.statusCode).toBe(200);
    expect(res.json().profileImageUrl).toBe(first);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).json().profileImageUrl).toBe(
      first,
    );
    // Avatars are public once attached (headers, the admin's student list).
    expect((await t.app.inject({ url: first })).statusCode).toBe(200);

    const second = await uploadImage(cookie);
    expect((await putProfile(cookie, { profileImageUrl: second })).json().profileImageUrl).toBe(second);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);

    // Saving the same picture again changes nothing; removing it deletes the file.
    expect((await putProfile(cookie, { profileImageUrl: second })).statusCode).toBe(200);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
    const removed = await putProfile(cookie, { profileImageUrl: null });
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await t.app.inject({ url: second })).statusCode).toBe(404);
  });

  it('refuses anything that is not this user’s own, unused image upload', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const other = await t.createUser();
    const otherCookie = await t.login(other);

    const theirs = await uploadImage(otherCookie);
    const stolen = await putProfile(cookie, { profileImageUrl: theirs });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('This file was uploaded by someone else');

    const external = await putProfile(cookie, { profileImageUrl: 'https://evil.example/me.png' });
    expect(external.statusCode).toBe(400);
    expect(external.json().message).toBe('This file was not uploaded through TradeSkills');

    // Already someone's avatar: cannot be claimed twice.
    expect((await putProfile(otherCookie, { profileImageUrl: theirs })).statusCode).toBe(200);
    const mine = await uploadImage(cookie);
    expect((await putProfile(cookie, { profileImageUrl: mine })).statusCode).toBe(200);
    const again = await putProfile(otherCookie, { profileImageUrl: mine });
    expect(again.statusCode).toBe(400);

    // A refused change leaves the profile as it was.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.profileImageUrl).toBe(mine);
  });
});
