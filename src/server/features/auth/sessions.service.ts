import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { authSessions, users } from '#server/db/schema/index.ts';
import { randomToken, sha256Hex } from '#server/lib/tokens.ts';

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// lastSeenAt is refreshed at most this often, so reads do not write on every request.
const TOUCH_INTERVAL_MS = 60 * 1000;

export type UserRow = typeof users.$inferSelect;

export interface ResolvedSession {
  sessionId: string;
  user: UserRow;
}

export async function createSession(
  db: Queryable,
  userId: string,
  meta: { userAgent?: string; ipAddress?: string },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  const [row] = await db
    .insert(authSessions)
    .values({
      userId,
      tokenHash: sha256Hex(token),
      userAgent: meta.userAgent?.slice(0, 500),
      ipAddress: meta.ipAddress,
      expiresAt,
    })
    .returning({ id: authSessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

/** Finds the live session for a cookie token; expired ones and inactive users count as signed out. */
export async function resolveSession(db: Queryable, token: string): Promise<ResolvedSession | null> {
  const rows = await db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.tokenHash, sha256Hex(token)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  const idleExpired = row.session.lastSeenAt.getTime() + SESSION_IDLE_MS < now;
  if (row.session.expiresAt.getTime() < now || idleExpired || !row.user.isActive) {
    await db.delete(authSessions).where(eq(authSessions.id, row.session.id));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(authSessions).set({ lastSeenAt: new Date() }).where(eq(authSessions.id, row.session.id));
    await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, row.user.id));
  }
  return { sessionId: row.session.id, user: row.user };
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/** Revokes every session of a user, optionally keeping one (the device that asked). */
export async function revokeUserSessions(
  db: Queryable,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const where = keepSessionId
    ? and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId))
    : eq(authSessions.userId, userId);
  const rows = await db.delete(authSessions).where(where).returning({ id: authSessions.id });
  return rows.length;
}

export async function countSessions(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authSessions)
    .where(eq(authSessions.userId, userId));
  return row?.n ?? 0;
}
