import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { passwordResetTokens, users } from '#server/db/schema/index.ts';
import { findUserByEmail, loginKeys, type RequestMeta } from '#server/features/auth/index.ts';
import { badRequest, forbidden, tooManyRequests } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { passwordChangedEmail, passwordResetEmail } from '#server/lib/mail/templates.emails.ts';
import { assertStrongPassword } from '#server/lib/password.policy.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';
import * as rateLimit from '#server/lib/rate-limit.service.ts';
import {
  createSession,
  revokeUserSessions,
  type UserRow,
  userChanged,
} from '#server/lib/sessions.service.ts';
import { randomToken, sha256Hex } from '#server/lib/tokens.util.ts';
import { formatDateTime } from '#shared/format.ts';
import { type PasswordResetConfirmInput, RESET_TOKEN_TTL_MINUTES } from '#shared/schemas/accounts.ts';

export const RESET_WINDOW_MS = 60 * 60 * 1000;
/** Requests for one email from one address: a stranger at their address uses up only their own allowance. */
export const RESET_MAX_PER_EMAIL_AND_IP = 5;
/** Requests for one email from all addresses together: keeps a mailbox from being flooded. */
export const RESET_MAX_PER_EMAIL = 30;
export const RESET_MAX_PER_IP = 20;
export const RESET_TOKEN_TTL_MS = RESET_TOKEN_TTL_MINUTES * 60 * 1000;

export const TOO_MANY_RESET_REQUESTS =
  'Too many password reset requests. Please wait an hour and try again, or check your spam folder for the earlier emails.';
export const RESET_LINK_UNKNOWN =
  'This password reset link is not valid. Check that you opened the whole link from the email, or ask for a new one.';
export const RESET_LINK_USED =
  'This password reset link has already been used. Ask for a new one if you still need to reset your password.';
export const RESET_LINK_EXPIRED =
  'This password reset link has expired: links work for 1 hour. Ask for a new one.';

/**
 * Every answer to a reset request takes at least this long, so that the extra work for an existing account (the
 * token row and the queued email) cannot be told apart from an unknown email by timing.
 */
export const RESET_RESPONSE_FLOOR_MS = 250;

/**
 * Emails a single-use reset link to an existing, active account; says nothing about whether it exists, in its
 * answer or in its timing. Counted per address, per (email, address) and per email whether or not the account
 * exists, so throttling reveals nothing either.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  meta: RequestMeta,
  publicUrl: string,
): Promise<void> {
  const started = performance.now();
  try {
    await sendResetLink(db, email, meta, publicUrl);
  } finally {
    const left = RESET_RESPONSE_FLOOR_MS - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

async function sendResetLink(db: Db, email: string, meta: RequestMeta, publicUrl: string): Promise<void> {
  const normalised = email.trim().toLowerCase();
  // The address's own counters first, in one statement; the email's shared counter only counts requests that
  // passed them, so one address adds at most RESET_MAX_PER_EMAIL_AND_IP to it and cannot lock the owner out.
  const ipKey = `reset:ip:${meta.ipAddress}`;
  const pairKey = `reset:pair:${normalised}|${meta.ipAddress}`;
  const own = await rateLimit.reserve(db, [ipKey, pairKey], RESET_WINDOW_MS);
  if ((own.get(ipKey)?.count ?? 0) > RESET_MAX_PER_IP) throw tooManyRequests(TOO_MANY_RESET_REQUESTS);
  if ((own.get(pairKey)?.count ?? 0) > RESET_MAX_PER_EMAIL_AND_IP)
    throw tooManyRequests(TOO_MANY_RESET_REQUESTS);
  const emailCount = await rateLimit.hit(db, `reset:email:${normalised}`, RESET_WINDOW_MS);
  if (emailCount > RESET_MAX_PER_EMAIL) throw tooManyRequests(TOO_MANY_RESET_REQUESTS);

  const token = randomToken();
  const tokenHash = sha256Hex(token);
  const user = await findUserByEmail(db, normalised);
  if (!user?.isActive) return;

  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await enqueueEmail(
      tx,
      passwordResetEmail({
        to: user.email,
        firstName: user.firstName,
        resetUrl: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        validMinutes: RESET_TOKEN_TTL_MINUTES,
      }),
    );
  });
}

/** Why a token cannot be used, as the message the reset page shows. */
async function explainUnusableToken(db: Queryable, tokenHash: string): Promise<string> {
  const [row] = await db
    .select({ usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!row) return RESET_LINK_UNKNOWN;
  if (row.usedAt) return RESET_LINK_USED;
  if (row.expiresAt.getTime() <= Date.now()) return RESET_LINK_EXPIRED;
  return RESET_LINK_UNKNOWN;
}

/**
 * Sets a new password from an emailed link: the token is spent atomically (a second use fails even when
 * two requests race), the temporary-password state is cleared, every session of the account is revoked,
 * the other outstanding links stop working, a notification is queued, and a fresh session is returned.
 */
export async function confirmPasswordReset(
  database: Database,
  input: PasswordResetConfirmInput,
  meta: RequestMeta,
  publicUrl: string,
): Promise<{ user: UserRow; session: Awaited<ReturnType<typeof createSession>> }> {
  const db = database.db;
  const tokenHash = sha256Hex(input.token);
  const usable = and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );
  // Checked before hashing, so a bad link costs no argon2 work and gets its reason at once.
  const [candidate] = await db
    .select({ email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(usable);
  if (!candidate) throw badRequest(await explainUnusableToken(db, tokenHash), 'RESET_TOKEN_INVALID');
  // A guessable password is refused before the link is spent: the person tries another with the same link.
  assertStrongPassword(input.newPassword, { email: candidate.email });

  const passwordHash = await hashPassword(input.newPassword);
  const result = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(usable)
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw badRequest(await explainUnusableToken(tx, tokenHash), 'RESET_TOKEN_INVALID');

    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        tempPasswordExpiresAt: null,
        passwordChangedAt: new Date(),
        lastLoginAt: new Date(),
        lastActiveAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, spent.userId))
      .returning();
    if (!user?.isActive) {
      throw forbidden('This account has been deactivated. Please contact support.', 'ACCOUNT_DEACTIVATED');
    }
    // Any other link from an earlier request dies with this one.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await revokeUserSessions(tx, user.id);
    // The account was proven by its mailbox: failed sign-ins counted against it no longer matter.
    const keys = loginKeys(user.email.trim().toLowerCase(), '');
    await rateLimit.reset(tx, keys.account);
    await rateLimit.resetPrefix(tx, keys.pair);
    await enqueueEmail(
      tx,
      passwordChangedEmail({
        to: user.email,
        firstName: user.firstName,
        how: 'reset',
        when: formatDateTime(new Date()),
        publicUrl,
      }),
    );
    const session = await createSession(tx, user.id, meta);
    return { user, session };
  });
  await userChanged(database, result.user.id);
  return result;
}
