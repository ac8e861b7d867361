import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { authSessions, users } from '#server/db/schema/index.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { passwordChangedEmail } from '#server/lib/mail/templates.emails.ts';
import { assertStrongPassword } from '#server/lib/password.policy.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '#server/lib/passwords.util.ts';
import * as rateLimit from '#server/lib/rate-limit.service.ts';
import {
  createSession,
  revokeUserSessions,
  type UserRow,
  userChanged,
} from '#server/lib/sessions.service.ts';
import { userByEmail } from '#server/lib/users.repo.ts';
import { formatDateTime } from '#shared/format.ts';
import type { ChangePasswordInput, LoginInput } from '#shared/schemas/auth.ts';
import { rememberDevice, trustedDevice } from './device-cookies.service.ts';

// Sign-in throttling (README 'Limits and bad input'). Failures are counted per (account, client address) and
// per address, so an attacker elsewhere cannot lock the owner out; across all addresses an account only slows
// down.
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts for one account from one address before that address is refused for the window. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Failed attempts from one address (any accounts) before it is refused for the window. */
export const LOGIN_MAX_FAILURES_PER_IP = 30;
/**
 * Failed attempts from a browser holding a valid device cookie for the account, before that cookie is refused for
 * the window (its own bucket: never the address's or the account's).
 */
export const LOGIN_MAX_FAILURES_PER_DEVICE = 10;
/** Failed attempts on one account from all addresses after which every attempt on it is slowed down. */
export const LOGIN_SLOWDOWN_AFTER_ACCOUNT_FAILURES = 100;
export const LOGIN_SLOWDOWN_MS = 1000;

/** Wrong current passwords on POST /api/user/password per user before it is refused for the window. */
export const PASSWORD_CHANGE_MAX_FAILURES = 5;
export const PASSWORD_CHANGE_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many wrong passwords. Please wait 15 minutes and try again.';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Please contact support.';
export const TEMP_PASSWORD_EXPIRED =
  "Your temporary password has expired. Use 'Forgot password?' on the sign-in page to set a new one.";

export interface RequestMeta {
  ipAddress: string;
  userAgent?: string;
}

/** Where a request came from, as stored on the session it opens. */
export function requestMeta(request: { ip: string; headers: Record<string, unknown> }): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return userByEmail(db, email.trim());
}

export const loginKeys = (email: string, ipAddress: string) => ({
  pair: `login:pair:${email}|${ipAddress}`,
  ip: `login:ip:${ipAddress}`,
  account: `login:account:${email}`,
});

/** The browser's device cookie and the key that signs it (features/auth/device-cookies.service.ts). */
export interface DeviceCookieInput {
  key: Buffer;
  cookie: string | undefined;
}

/**
 * Checks the credentials and opens a session; the same answer whether the email or the password is wrong.
 * The attempt is reserved (counted) in one statement BEFORE argon2 runs, so N parallel attempts spend at most the
 * limit in hashing work; a successful attempt gives its reservation back. An attempt carrying a valid device cookie
 * for the account is counted in that cookie's bucket alone; others in the address's and the account's. A
 * successful one returns the browser's new device cookie.
 */
export async function login(db: Db, input: LoginInput, meta: RequestMeta, device: DeviceCookieInput) {
  const email = input.email.trim().toLowerCase();
  const keys = loginKeys(email, meta.ipAddress);
  const trusted = trustedDevice(device.key, device.cookie, email);
  const deviceKey = `login:device:${trusted}`;
  if (trusted) {
    const reserved = (await rateLimit.reserve(db, [deviceKey], LOGIN_WINDOW_MS)).get(deviceKey)!;
    if (reserved.count > LOGIN_MAX_FAILURES_PER_DEVICE) {
      throw tooManyRequests(TOO_MANY_ATTEMPTS, 'LOGIN_THROTTLED', reserved.resetsAt.getTime() - Date.now());
    }
  } else {
    await reserveUntrustedAttempt(db, keys);
  }

  const user = await findUserByEmail(db, email);
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');

  // Right password: this device's or this address's failures on the account are forgotten, the other counts get
  // their hit back.
  if (trusted) await rateLimit.reset(db, deviceKey);
  else {
    await rateLimit.reset(db, keys.pair);
    await rateLimit.release(db, [keys.ip, keys.account]);
  }
  if (!user.isActive) throw forbidden(ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
  if (
    user.mustChangePassword &&
    user.tempPasswordExpiresAt &&
    user.tempPasswordExpiresAt.getTime() < Date.now()
  ) {
    throw unauthorized(TEMP_PASSWORD_EXPIRED, 'TEMPORARY_PASSWORD_EXPIRED');
  }

  const session = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lastLoginAt: new Date(), lastActiveAt: new Date() })
      .where(eq(users.id, user.id));
    return createSession(tx, user.id, meta);
  });
  return { user, session, deviceCookie: rememberDevice(device.key, device.cookie, email) };
}

/** Without a device cookie: the (account, address) pair and the address are limited; the account slows down. */
async function reserveUntrustedAttempt(db: Db, keys: ReturnType<typeof loginKeys>) {
  const counts = await rateLimit.reserve(db, [keys.pair, keys.ip, keys.account], LOGIN_WINDOW_MS);
  const pair = counts.get(keys.pair)!;
  const ip = counts.get(keys.ip)!;
  if (pair.count > LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP || ip.count > LOGIN_MAX_FAILURES_PER_IP) {
    const until = Math.max(
      pair.count > LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP ? pair.resetsAt.getTime() : 0,
      ip.count > LOGIN_MAX_FAILURES_PER_IP ? ip.resetsAt.getTime() : 0,
    );
    throw tooManyRequests(TOO_MANY_ATTEMPTS, 'LOGIN_THROTTLED', until - Date.now());
  }
  if (counts.get(keys.account)!.count > LOGIN_SLOWDOWN_AFTER_ACCOUNT_FAILURES) {
    await new Promise((resolve) => setTimeout(resolve, LOGIN_SLOWDOWN_MS));
  }
}

/**
 * How long after signing in with a temporary password the forced change may leave the current password out: the
 * person typed it moments ago. Every way a temporary password is set on an existing account also signs it out
 * everywhere, so such a session was opened with the temporary password itself.
 */
export const TEMPORARY_PASSWORD_CONFIRMED_MS = 15 * 60 * 1000;

/** Whether this session was opened with the account's temporary password within the last few minutes. */
export async function temporaryPasswordConfirmed(
  db: Db,
  user: UserRow,
  sessionId: string | null,
): Promise<boolean> {
  if (!user.mustChangePassword || !sessionId) return false;
  const [session] = await db
    .select({ createdAt: authSessions.createdAt })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, user.id)));
  return !!session && Date.now() - session.createdAt.getTime() < TEMPORARY_PASSWORD_CONFIRMED_MS;
}

/**
 * Sets a new password, clears the temporary-password state and signs out every other device;
 * the caller's device gets a fresh session (rotated token). The new password must not be guessable
 * (lib/password.policy.ts).
 */
export async function changePassword(
  database: Database,
  user: UserRow,
  sessionId: string | null,
  input: ChangePasswordInput,
  meta: RequestMeta,
  publicUrl: string,
) {
  if (input.currentPassword === undefined) {
    if (!(await temporaryPasswordConfirmed(database.db, user, sessionId))) {
      throw badRequest('Current password is required', 'CURRENT_PASSWORD_REQUIRED');
    }
  } else {
    // Guessing the current password from a stolen session is throttled per user, reserved before argon2 runs.
    const key = `password-change:${user.id}`;
    const reserved = (await rateLimit.reserve(database.db, [key], PASSWORD_CHANGE_WINDOW_MS)).get(key)!;
    if (reserved.count > PASSWORD_CHANGE_MAX_FAILURES) {
      throw tooManyRequests(
        TOO_MANY_PASSWORD_ATTEMPTS,
        'RATE_LIMITED',
        reserved.resetsAt.getTime() - Date.now(),
      );
    }
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw badRequest('Current password is incorrect', 'WRONG_PASSWORD');
    }
    await rateLimit.reset(database.db, key);
  }
  assertStrongPassword(input.newPassword, { email: user.email });
  if (
    input.currentPassword === undefined
      ? await verifyPassword(user.passwordHash, input.newPassword)
      : input.currentPassword === input.newPassword
  ) {
    throw badRequest('The new password must be different from the current one', 'SAME_PASSWORD');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const session = await database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        tempPasswordExpiresAt: null,
        passwordChangedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
    await enqueueEmail(
      tx,
      passwordChangedEmail({
        to: user.email,
        firstName: user.firstName,
        how: 'changed',
        when: formatDateTime(new Date()),
        publicUrl,
      }),
    );
    return createSession(tx, user.id, meta);
  });
  await userChanged(database, user.id);
  return session;
}
