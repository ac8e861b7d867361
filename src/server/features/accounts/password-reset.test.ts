import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authSessions,
  emailOutbox,
  passwordResetTokens,
  rateLimits,
  users,
} from '#server/db/schema/index.ts';
import { TEMP_PASSWORD_EXPIRED } from '#server/features/auth/index.ts';
import { sha256Hex } from '#server/lib/tokens.util.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { RESET_REQUEST_MESSAGE } from '#shared/schemas/accounts.ts';
import { RESET_RESPONSE_FLOOR_MS } from './password-reset.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'http://app.test' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(rateLimits);
});

let ipCounter = 0;
/** Each test asks from its own address unless it is about the per-address limit. */
const freshIp = () => `10.0.0.${++ipCounter}`;

function requestReset(email: string, remoteAddress = freshIp()) {
  return api(t.app, { remoteAddress }).post('/api/password-reset/request', { email });
}

/**
 * `count` requests at once. Every answer waits out the 250 ms floor, so sending them together keeps the
 * throttling tests fast; the counters are single atomic upserts, so concurrency changes no count.
 */
function requestResets(count: number, email: (i: number) => string, remoteAddress?: string) {
  return Promise.all(Array.from({ length: count }, (_, i) => requestReset(email(i), remoteAddress)));
}

function confirmReset(token: string, newPassword: string, cookie?: string) {
  return api(t.app, { cookie }).post('/api/password-reset/confirm', { token, newPassword });
}

async function emailsTo(address: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt));
}

/** Requests a reset and returns the token from the emailed link. */
async function tokenFor(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200);
  const [mail] = (await emailsTo(email)).filter((m) => m.kind === 'password_reset');
  const match = /http:\/\/app\.test\/reset-password\?token=([\w-]+)/.exec(mail!.textBody);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const cookieFrom = (res: { cookies: { name: string; value: string }[] }) =>
  `ts_session=${res.cookies.find((c) => c.name === 'ts_session')!.value}`;

describe('POST /api/password-reset/request', () => {
  it('answers known and unknown emails identically, and only emails the existing account', async () => {
    const user = await t.createUser({ firstName: 'Priya' });
    // Both paths once first: a file's first request also pays for compiling the route and its queries, which is
    // not what this compares.
    await requestReset((await t.createUser()).email);
    await requestReset('warming-up@example.com');
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await requestReset(email);
      return { res, ms: performance.now() - started };
    };
    const { res: known, ms: knownMs } = await timed(user.email.toUpperCase());
    const { res: unknown, ms: unknownMs } = await timed('nobody-here@example.com');
    // Both take the same floor, which covers the known account's extra work: timing tells nothing either.
    expect(knownMs).toBeGreaterThanOrEqual(RESET_RESPONSE_FLOOR_MS - 1);
    expect(unknownMs).toBeGreaterThanOrEqual(RESET_RESPONSE_FLOOR_MS - 1);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(RESET_RESPONSE_FLOOR_MS / 2);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_REQUEST_MESSAGE });
    expect(unknown.json()).toEqual(known.json());

    const [mail] = await emailsTo(user.email);
    expect(mail!.kind).toBe('password_reset');
    expect(mail!.subject).toBe('Reset your TradeSkills password');
    expect(mail!.textBody).toContain('Hello Priya');
    expect(mail!.textBody).toContain('expires in 60 minutes');
    expect(await emailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('stores only a hash of the emailed token, valid for one hour', async () => {
    const user = await t.createUser();
    const token = await tokenFor(user.email);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
  });

  it('sends nothing to a deactivated account, with the same answer', async () => {
    const user = await t.createUser({ isActive: false });
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_REQUEST_MESSAGE });
    expect(await emailsTo(user.email)).toHaveLength(0);
  });

  it('refuses a malformed email with a message', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter a valid email address', code: 'VALIDATION_FAILED' });
  });

  it('throttles one email from one address (known or not) after 5 requests an hour', async () => {
    const user = await t.createUser();
    for (const email of [user.email, 'ghost@example.com']) {
      const ip = freshIp();
      for (const res of await requestResets(5, () => email, ip)) expect(res.statusCode).toBe(200);
      const blocked = await requestReset(email, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(blocked.json().message).toMatch(/Too many password reset requests/);
    }
    expect((await emailsTo(user.email)).length).toBe(5);
    // Another email from the same kind of address is still served; the window passing opens it again.
    expect((await requestReset('someone-else@example.com')).statusCode).toBe(200);
    await t.db.update(rateLimits).set({ windowStart: sql`now() - interval '61 minutes'` });
    expect((await requestReset(user.email)).statusCode).toBe(200);
  });

  it('a stranger hammering one email from their address never blocks the owner at another', async () => {
    const owner = await t.createUser();
    const stranger = '10.66.0.1';
    for (const res of await requestResets(12, () => owner.email, stranger)) {
      expect([200, 429]).toContain(res.statusCode);
    }
    expect((await requestReset(owner.email, stranger)).statusCode).toBe(429);
    // Refused requests do not count against the email: the owner's own request still sends a link.
    const before = (await emailsTo(owner.email)).length;
    expect((await requestReset(owner.email, '10.66.0.2')).statusCode).toBe(200);
    expect((await emailsTo(owner.email)).length).toBe(before + 1);
  });

  it('caps one email across addresses at 30 requests an hour, so a mailbox cannot be flooded', async () => {
    const user = await t.createUser();
    for (const res of await requestResets(30, () => user.email)) expect(res.statusCode).toBe(200);
    const blocked = await requestReset(user.email);
    expect(blocked.statusCode).toBe(429);
    expect(await emailsTo(user.email)).toHaveLength(30);
  });

  it('throttles per address across emails after 20 requests an hour', async () => {
    const ip = '10.9.9.9';
    for (const res of await requestResets(20, (i) => `spray${i}@example.com`, ip)) {
      expect(res.statusCode).toBe(200);
    }
    const user = await t.createUser();
    const blocked = await requestReset(user.email, ip);
    expect(blocked.statusCode).toBe(429);
    expect(await emailsTo(user.email)).toHaveLength(0);
    expect((await requestReset(user.email, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the password, revokes every session, signs the user in and notifies without the password', async () => {
    const user = await t.createUser();
    const laptop = await t.login(user);
    const phone = await t.login(user);
    const token = await tokenFor(user.email);

    const res = await confirmReset(token, 'Fresh-Password-2026');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, mustChangePassword: false });
    const fresh = cookieFrom(res);

    expect((await t.app.inject({ url: '/api/user', headers: { cookie: laptop } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: fresh } })).statusCode).toBe(200);
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(sessions).toHaveLength(1);

    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    await t.login({ email: user.email, password: 'Fresh-Password-2026' });

    const notice = (await emailsTo(user.email)).find((m) => m.kind === 'password_changed');
    expect(notice?.subject).toBe('Your TradeSkills password was changed');
    expect(notice?.textBody).toContain('reset with an emailed link');
    expect(notice?.textBody).not.toContain('Fresh-Password-2026');
    expect(notice?.htmlBody).not.toContain('Fresh-Password-2026');
  });

  it('works once: a second use says the link was used', async () => {
    const user = await t.createUser();
    const token = await tokenFor(user.email);
    expect((await confirmReset(token, 'First-New-Pass-1')).statusCode).toBe(200);
    const again = await confirmReset(token, 'Second-New-Pass-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already been used/);
    await t.login({ email: user.email, password: 'First-New-Pass-1' });
  });

  it('lets only one of two racing requests spend the token', async () => {
    const user = await t.createUser();
    const token = await tokenFor(user.email);
    const results = await Promise.all([
      confirmReset(token, 'Racing-Pass-One-1'),
      confirmReset(token, 'Racing-Pass-Two-2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired token with a clear message, and leaves the password alone', async () => {
    const user = await t.createUser();
    const token = await tokenFor(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await confirmReset(token, 'Too-Late-Pass-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/has expired/);
    expect(res.cookies.find((c) => c.name === 'ts_session')).toBeUndefined();
    await t.login(user);
  });

  it('refuses an unknown token and a too-short password', async () => {
    const unknown = await confirmReset('x'.repeat(43), 'Whatever-Pass-1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/not valid/);
    const user = await t.createUser();
    const token = await tokenFor(user.email);
    const short = await confirmReset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 10 characters');
    // The link was not spent by the refused attempt.
    expect((await confirmReset(token, 'Long-Enough-Pass-1')).statusCode).toBe(200);
  });

  it('rescues an expired temporary password: clears the forced change and signs in', async () => {
    const user = await t.createUser({
      mustChangePassword: true,
      tempPasswordExpiresAt: new Date(Date.now() - 8 * 24 * 3600 * 1000),
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ message: TEMP_PASSWORD_EXPIRED, code: 'TEMPORARY_PASSWORD_EXPIRED' });
    expect(TEMP_PASSWORD_EXPIRED).toContain("'Forgot password?'");

    const token = await tokenFor(user.email);
    const res = await confirmReset(token, 'Rescued-Pass-2026');
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.mustChangePassword).toBe(false);
    expect(row!.tempPasswordExpiresAt).toBeNull();
    // Not stuck behind the forced change: the rest of the API answers.
    expect((await t.app.inject({ url: '/api/user/courses', headers: { cookie } })).statusCode).toBe(200);
  });

  it('spends the other outstanding links of the account too', async () => {
    const user = await t.createUser();
    const first = await tokenFor(user.email);
    const second = await tokenFor(user.email);
    expect((await confirmReset(second, 'Newest-Pass-2026')).statusCode).toBe(200);
    const old = await confirmReset(first, 'Older-Pass-2026');
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/already been used/);
  });

  it('lifts the sign-in lockout of the account', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'wrong-wrong' },
      });
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    const token = await tokenFor(user.email);
    expect((await confirmReset(token, 'Unlocked-Pass-2026')).statusCode).toBe(200);
    await t.login({ email: user.email, password: 'Unlocked-Pass-2026' });
  });
});

describe('POST /api/user/password notification', () => {
  it('emails a change notice without the password', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'Changed-Pass-2026' },
    });
    expect(res.statusCode).toBe(200);
    const mails = await emailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('password_changed');
    expect(mails[0]!.textBody).toContain('was changed on');
    expect(mails[0]!.textBody).toContain('http://app.test/forgot-password');
    for (const body of [mails[0]!.textBody, mails[0]!.htmlBody ?? '']) {
      expect(body).not.toContain('Changed-Pass-2026');
      expect(body).not.toContain(user.password);
    }
  });

  it('queues no notice when the change is refused', async () => {
    const user = await t.createUser();
    const cookie = await t.login(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: 'not-the-password', newPassword: 'Changed-Pass-2026' },
    });
    expect(res.statusCode).toBe(400);
    expect(await emailsTo(user.email)).toHaveLength(0);
  });
});

describe('GET /reset-password', () => {
  it('is served with Referrer-Policy: no-referrer so the token never leaves in a Referer', async () => {
    const page = await t.app.inject({ url: '/reset-password?token=abc' });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const other = await t.app.inject({ url: '/forgot-password' });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
