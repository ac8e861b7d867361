import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, passwordResetTokens, rateLimits, users } from '#server/db/schema/index.ts';
import { COMMON_PASSWORD, PERSONAL_PASSWORD } from '#server/lib/password.policy.ts';
import { sha256Hex } from '#server/lib/tokens.util.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { TEMPORARY_PASSWORD_CONFIRMED_MS } from './auth.service.ts';

// Changing a password (README 'Passwords'): the current one is needed, the temporary one gates everything else,
// every form that sets a password refuses a guessable one with the reason, and the forced change right after
// signing in with a temporary password does not ask for it again.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const TEMPORARY = 'Tmp-8Hq2-Zx4w';
/** An account with an emailed temporary password, signed in with it just now. */
async function freshTemporaryAccount(): Promise<{ user: TestUser; cookie: string }> {
  const user = await t.createUser({
    password: TEMPORARY,
    mustChangePassword: true,
    tempPasswordExpiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  return { user, cookie: await t.login(user) };
}

const change = (cookie: string, body: Record<string, string>) =>
  api(t.app, { cookie }).post('/api/user/password', body);

describe('the forced password change', () => {
  it('right after signing in with the temporary password, needs only the new one', async () => {
    const { user, cookie } = await freshTemporaryAccount();
    const me = await api(t.app, { cookie }).get('/api/user');
    expect(me.json()).toMatchObject({ mustChangePassword: true, temporaryPasswordConfirmed: true });

    const weak = await change(cookie, { newPassword: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      message: 'Password must be at least 10 characters',
      code: 'VALIDATION_FAILED',
    });
    const leaked = await change(cookie, { newPassword: 'Password123!' });
    expect(leaked.json()).toEqual({ message: COMMON_PASSWORD, code: 'WEAK_PASSWORD' });
    const same = await change(cookie, { newPassword: TEMPORARY });
    expect(same.json().code).toBe('SAME_PASSWORD');

    const ok = await change(cookie, { newPassword: 'Kettle-Ladder-Tulip' });
    expect(ok.statusCode).toBe(200);
    const rotated = `ts_session=${ok.cookies.find((c) => c.name === 'ts_session')!.value}`;
    const after = (await api(t.app, { cookie: rotated }).get('/api/user')).json();
    expect(after.mustChangePassword).toBe(false);
    expect(after).not.toHaveProperty('temporaryPasswordConfirmed');
    expect(
      (await api(t.app).post('/api/login', { email: user.email, password: 'Kettle-Ladder-Tulip' }))
        .statusCode,
    ).toBe(200);
  });

  it('asks for the temporary password again once the sign-in is no longer fresh', async () => {
    const { user, cookie } = await freshTemporaryAccount();
    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - TEMPORARY_PASSWORD_CONFIRMED_MS - 1000) })
      .where(eq(authSessions.userId, user.id));
    expect((await api(t.app, { cookie }).get('/api/user')).json().temporaryPasswordConfirmed).toBe(false);
    const refused = await change(cookie, { newPassword: 'Kettle-Ladder-Tulip' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
    const ok = await change(cookie, { currentPassword: TEMPORARY, newPassword: 'Kettle-Ladder-Tulip' });
    expect(ok.statusCode).toBe(200);
  });

  it('an ordinary account always gives its current password, and cannot pick a guessable one', async () => {
    const user = await t.createUser({ password: 'Quiet-Harbour-71' });
    const cookie = await t.login(user);
    expect((await api(t.app, { cookie }).get('/api/user')).json()).not.toHaveProperty(
      'temporaryPasswordConfirmed',
    );
    const without = await change(cookie, { newPassword: 'Kettle-Ladder-Tulip' });
    expect(without.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
    const personal = await change(cookie, {
      currentPassword: 'Quiet-Harbour-71',
      // A word first: with an all-digit random part, "user12-123456-2026" would read as the common "user".
      newPassword: `Rowan-${user.email.split('@')[0]}-2026`,
    });
    expect(personal.json()).toEqual({ message: PERSONAL_PASSWORD, code: 'WEAK_PASSWORD' });
    const wrongFirst = await change(cookie, { currentPassword: 'not-it-at-all', newPassword: 'qwertyuiop' });
    expect(wrongFirst.json().code).toBe('WRONG_PASSWORD');
    // Nothing changed: the old password still signs in.
    expect(
      (await api(t.app).post('/api/login', { email: user.email, password: 'Quiet-Harbour-71' })).statusCode,
    ).toBe(200);
  });
});

describe('the password reset', () => {
  it('refuses a guessable password without spending the link, then accepts a good one with it', async () => {
    const user = await t.createUser();
    const token = `reset-${Date.now()}-token`;
    await t.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const weak = await api(t.app).post('/api/password-reset/confirm', { token, newPassword: 'iloveyou123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: COMMON_PASSWORD, code: 'WEAK_PASSWORD' });
    const ok = await api(t.app).post('/api/password-reset/confirm', {
      token,
      newPassword: 'Kettle-Ladder-Tulip',
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordChangedAt).not.toBeNull();
  });
});

describe('POST /api/user/password and forced change', () => {
  it('requires the current password and a valid new one', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: 'not-it-at-all', newPassword: 'BrandNewPass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 10 characters');
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: user.password, newPassword: 'BrandNewPass1' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('blocks every other API call until a temporary password is changed, then revokes other sessions', async () => {
    const user = await t.createUser({
      mustChangePassword: true,
      tempPasswordExpiresAt: new Date(Date.now() + 86400_000),
    });
    const laptop = await t.login(user);
    const phone = await t.login(user);

    const me = await t.app.inject({ url: '/api/user', headers: { cookie: laptop } });
    expect(me.json().mustChangePassword).toBe(true);
    const blocked = await t.app.inject({ url: '/api/user/courses', headers: { cookie: laptop } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('You must change your password before continuing.');

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie: laptop },
      payload: { currentPassword: user.password, newPassword: 'A-much-better-one-2026' },
    });
    expect(change.statusCode).toBe(200);
    const fresh = `ts_session=${change.cookies.find((c) => c.name === 'ts_session')!.value}`;

    expect((await t.app.inject({ url: '/api/user/courses', headers: { cookie: fresh } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: '/api/user', headers: { cookie: fresh } })).json().mustChangePassword,
    ).toBe(false);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: laptop } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: phone } })).statusCode).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    await t.db.delete(rateLimits);
  });

  it('accepts long passwords (64+ characters)', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const long = 'kettle ladder tulip '.repeat(5);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: long },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: long },
        })
      ).statusCode,
    ).toBe(200);
  });
});
