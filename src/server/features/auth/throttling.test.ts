import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChecks } from '#server/lib/passwords.util.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
  PASSWORD_CHANGE_MAX_FAILURES,
  TOO_MANY_ATTEMPTS,
} from './auth.service.ts';

// Sign-in throttling (README 'Limits and bad input'): reserved before argon2, per (account, address) and per
// address; the owner signing in from elsewhere is never locked out; 'Forgot password?' always answers.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (
  email: string,
  password: string,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress, headers });

describe('sign-in throttling', () => {
  it('spends at most the limit in argon2 work on 40 parallel wrong passwords', async () => {
    const user = await t.createUser();
    const before = passwordChecks.count;
    const results = await Promise.all(
      Array.from({ length: 40 }, () => login(user.email, 'wrong-password', '10.1.0.1')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(passwordChecks.count - before).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: TOO_MANY_ATTEMPTS, code: 'LOGIN_THROTTLED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('lets the owner in from another address while an attacker is throttled, admins included', async () => {
    const admin = await t.createUser({ role: 'admin' });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      expect((await login(admin.email, 'guess', '10.2.0.1')).statusCode).toBe(401);
    }
    expect((await login(admin.email, 'guess', '10.2.0.1')).statusCode).toBe(429);
    // Even the right password is refused from the throttled address…
    expect((await login(admin.email, admin.password, '10.2.0.1')).statusCode).toBe(429);
    // …but the owner, elsewhere, signs in.
    expect((await login(admin.email, admin.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it("keeps 'Forgot password?' working for the owner while their account is attacked", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 8; i++) await login(user.email, 'guess', '10.3.0.1');
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/request',
      payload: { email: user.email },
      remoteAddress: '10.3.0.2',
    });
    expect(owner.statusCode).toBe(200);
    // The sign-in lockout does not reach the reset request even from the attacked address.
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/request',
      payload: { email: user.email },
      remoteAddress: '10.3.0.1',
    });
    expect(same.statusCode).toBe(200);
  });

  it('throttles wrong current passwords on a password change per user', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/password',
        payload: { currentPassword, newPassword: 'BrandNewPassword123!' },
        headers: { cookie },
      });
    const before = passwordChecks.count;
    for (let i = 0; i < PASSWORD_CHANGE_MAX_FAILURES; i++)
      expect((await change('wrong')).statusCode).toBe(400);
    const refused = await change(user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(passwordChecks.count - before).toBe(PASSWORD_CHANGE_MAX_FAILURES);
  });
});
