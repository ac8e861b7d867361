import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema/index.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_MAX_FAILURES_PER_IP,
} from './auth.service.ts';

// A shared address does not lock everyone out (README 'Limits and bad input'; OWASP device cookies): a browser that signed in
// to an account keeps a signed device cookie for it; its attempts are counted in their own bucket and never
// blocked by other people's failures from the address or on the account. Attempts without one keep the tight
// per-address and per-(account, address) limits.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let addressSeq = 0;
/** Each test from its own shared address (a college's, a site's). */
const sharedAddress = () => `10.77.0.${++addressSeq}`;

function login(email: string, password: string, remoteAddress: string, device?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress,
    headers: device ? { cookie: `ts_device=${device}` } : {},
  });
}

/** Signs in once from `address` and returns the device cookie the browser was given. */
async function deviceOf(user: TestUser, address: string): Promise<string> {
  const res = await login(user.email, user.password, address);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'ts_device');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(cookie!.maxAge).toBeGreaterThan(300 * 24 * 3600);
  // Named by a hash, not the email.
  expect(cookie!.value).not.toContain(user.email.split('@')[0]);
  return cookie!.value;
}

/** Failed sign-ins from `address` on many accounts until the address is locked for everyone without a cookie. */
async function lockAddress(address: string) {
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
    await login(`nobody-${i}-${address}@example.com`, 'guess-guess', address);
  }
  const stranger = await t.createUser();
  expect((await login(stranger.email, stranger.password, address)).statusCode).toBe(429);
}

describe('device cookies', () => {
  it('a locked-out shared address still lets in the browsers that signed in there before, admins included', async () => {
    const address = sharedAddress();
    const student = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    const studentDevice = await deviceOf(student, address);
    const adminDevice = await deviceOf(admin, address);
    await lockAddress(address);

    expect((await login(student.email, student.password, address, studentDevice)).statusCode).toBe(200);
    expect((await login(admin.email, admin.password, address, adminDevice)).statusCode).toBe(200);
    // Without the cookie, the same right password from the same address waits like everyone else.
    expect((await login(student.email, student.password, address)).statusCode).toBe(429);
  });

  it('an account attacked from the owner’s own address does not lock the owner’s browser out', async () => {
    const address = sharedAddress();
    const owner = await t.createUser();
    const device = await deviceOf(owner, address);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP + 3; i++) {
      await login(owner.email, 'attacker-guess', address);
    }
    expect((await login(owner.email, owner.password, address)).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, address, device)).statusCode).toBe(200);
  });

  it('attempts with a device cookie count only in its own bucket, which has its own limit', async () => {
    const address = sharedAddress();
    const owner = await t.createUser();
    const device = await deviceOf(owner, address);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_DEVICE; i++) {
      expect((await login(owner.email, 'typo-typo', address, device)).statusCode).toBe(401);
    }
    const refused = await login(owner.email, owner.password, address, device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('LOGIN_THROTTLED');
    // None of those failures was put on the address or on the account: the address's bucket is untouched and
    // another person there signs in; so does the owner from a browser without the cookie.
    const buckets = await t.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `login:ip:${address}`));
    expect(buckets.every((b) => b.count === 0)).toBe(true);
    const colleague = await t.createUser();
    expect((await login(colleague.email, colleague.password, address)).statusCode).toBe(200);
    expect((await login(owner.email, owner.password, address)).statusCode).toBe(200);
  });

  it('a forged, altered or other account’s cookie is no cookie at all', async () => {
    const address = sharedAddress();
    const owner = await t.createUser();
    const other = await t.createUser();
    const ownerDevice = await deviceOf(owner, address);
    const otherDevice = await deviceOf(other, '10.78.0.1');
    await lockAddress(address);

    const [account, nonce, issued, signature] = ownerDevice.split('.') as [string, string, string, string];
    const altered = `${account}.${nonce}.${(Number.parseInt(issued, 36) + 1).toString(36)}.${signature}`;
    for (const cookie of [otherDevice, altered, `${account}.x.y.z`, 'garbage', 'a'.repeat(5000)]) {
      expect(
        (await login(owner.email, owner.password, address, cookie)).statusCode,
        cookie.slice(0, 40),
      ).toBe(429);
    }
    expect((await login(owner.email, owner.password, address, ownerDevice)).statusCode).toBe(200);
  });

  it('one browser remembers several accounts, and a sign-in renews its own token', async () => {
    const address = sharedAddress();
    const first = await t.createUser();
    const second = await t.createUser();
    const afterFirst = await deviceOf(first, address);
    const res = await login(second.email, second.password, address, afterFirst);
    const both = res.cookies.find((c) => c.name === 'ts_device')!.value;
    expect(both.split(':')).toHaveLength(2);
    await lockAddress(address);
    expect((await login(first.email, first.password, address, both)).statusCode).toBe(200);
    expect((await login(second.email, second.password, address, both)).statusCode).toBe(200);
  });
});
