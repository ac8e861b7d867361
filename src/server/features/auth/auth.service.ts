import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { enqueueEmail } from '#server/features/email/outbox.service.ts';
import { passwordChangedEmail } from '#server/features/email/templates.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '#server/lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import * as rateLimit from '#server/lib/rate-limit.ts';
import { formatDateTime } from '#shared/format.ts';
import type { ChangePasswordInput, LoginInput } from '#shared/schemas/auth.ts';
import { createSession, revokeUserSessions, type UserRow, userChanged } from './sessions.service.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 30;

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

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0];
}

/** Checks the credentials and opens a session; the same answer whether the email or the password is wrong. */
export async function login(db: Db, input: LoginInput, meta: RequestMeta) {
  const email = input.email.trim().toLowerCase();
  const accountKey = `login:account:${email}`;
  const ipKey = `login:ip:${meta.ipAddress}`;

  // Failures are counted per account and per address; a throttled pair is refused before any hashing.
  const ipFailures = await rateLimit.peek(db, ipKey, LOGIN_WINDOW_MS);
  const accountFailures = await rateLimit.peek(db, accountKey, LOGIN_WINDOW_MS);
  if (ipFailures >= LOGIN_MAX_FAILURES_PER_IP || accountFailures >= LOGIN_MAX_FAILURES_PER_ACCOUNT) {
    throw tooManyRequests(TOO_MANY_ATTEMPTS);
  }

  const user = await findUserByEmail(db, email);
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !ok) {
    await rateLimit.hit(db, accountKey, LOGIN_WINDOW_MS);
    await rateLimit.hit(db, ipKey, LOGIN_WINDOW_MS);
    throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  if (!user.isActive) throw forbidden(ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
  if (
    user.mustChangePassword &&
    user.tempPasswordExpiresAt &&
    user.tempPasswordExpiresAt.getTime() < Date.now()
  ) {
    throw unauthorized(TEMP_PASSWORD_EXPIRED, 'TEMPORARY_PASSWORD_EXPIRED');
  }

  await rateLimit.reset(db, accountKey);
  const session = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lastLoginAt: new Date(), lastActiveAt: new Date() })
      .where(eq(users.id, user.id));
    return createSession(tx, user.id, meta);
  });
  return { user, session };
}

/**
 * Sets a new password, clears the temporary-password state and signs out every other device;
 * the caller's device gets a fresh session (rotated token).
 */
export async function changePassword(
  database: Database,
  user: UserRow,
  input: ChangePasswordInput,
  meta: RequestMeta,
  publicUrl: string,
) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('Current password is incorrect', 'WRONG_PASSWORD');
  }
  if (input.currentPassword === input.newPassword) {
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
