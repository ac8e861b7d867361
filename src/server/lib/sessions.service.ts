import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { authSessions, users } from '#server/db/schema/index.ts';
import { invalidate, onInvalidate } from './invalidation.service.ts';
import { KeyedCache } from './keyed.cache.ts';
import { randomToken, sha256Hex } from './tokens.util.ts';

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// lastSeenAt is refreshed at most this often, so reads do not write on every request.
const TOUCH_INTERVAL_MS = 60 * 1000;
/** Safety net for a missed notification: a cached session is read again from the database at least this often. */
export const SESSION_CACHE_TTL_MS = 15_000;
const SESSION_CACHE_MAX = 20_000;
/** Invalidation topic (key: user id) for any change to a user's row or sessions. */
export const USER_TOPIC = 'user';

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

interface CachedSession {
  sessionId: string;
  user: UserRow;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Turns a cookie token into its live session, answering from an in-process cache (keyed by the token's hash) so
 * signed-in requests do not wait on the database. Whatever changes a user's row or sessions calls
 * userChanged() after committing, which drops that user's entries in every process. Expired sessions and
 * inactive users count as signed out.
 */
export class SessionResolver {
  private readonly cache = new KeyedCache<string, CachedSession | null>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX,
    storable: (value) => value !== null,
  });
  private readonly unsubscribe: () => void;
  private readonly db: Db;

  constructor(database: Database) {
    this.db = database.db;
    this.unsubscribe = onInvalidate(database, USER_TOPIC, (userId) => {
      if (userId === undefined) this.cache.clear();
      else this.cache.deleteWhere((_hash, entry) => !entry || entry.user.id === userId);
    });
  }

  close(): void {
    this.unsubscribe();
    this.cache.clear();
  }

  /**
   * The session without waiting, when it is cached, still valid and touched within the last minute (nearly every
   * signed-in request); undefined when only resolve() can tell (not cached, expired, or due a touch).
   */
  resolveCached(token: string): ResolvedSession | undefined {
    const entry = this.cache.peek(sha256Hex(token));
    if (!entry) return undefined;
    const now = Date.now();
    if (ended(entry, now) || now - entry.lastSeenAt > TOUCH_INTERVAL_MS) return undefined;
    return { sessionId: entry.sessionId, user: entry.user };
  }

  async resolve(token: string): Promise<ResolvedSession | null> {
    const tokenHash = sha256Hex(token);
    const entry = await this.cache.get(tokenHash, () => loadSession(this.db, tokenHash));
    if (!entry) return null;
    const now = Date.now();
    if (ended(entry, now)) {
      this.cache.delete(tokenHash);
      await this.db.delete(authSessions).where(eq(authSessions.id, entry.sessionId));
      return null;
    }
    if (now - entry.lastSeenAt > TOUCH_INTERVAL_MS) {
      // Marked first so that concurrent requests on the same session touch it once.
      entry.lastSeenAt = now;
      await this.db
        .update(authSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(authSessions.id, entry.sessionId));
      await this.db
        .update(users)
        .set({ lastActiveAt: new Date(now) })
        .where(eq(users.id, entry.user.id));
    }
    return { sessionId: entry.sessionId, user: entry.user };
  }
}

/** Expired, idle too long, or its user deactivated. */
function ended(entry: CachedSession, now: number): boolean {
  return entry.expiresAt < now || entry.lastSeenAt + SESSION_IDLE_MS < now || !entry.user.isActive;
}

async function loadSession(db: Queryable, tokenHash: string): Promise<CachedSession | null> {
  const [row] = await db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  return {
    sessionId: row.session.id,
    user: row.user,
    lastSeenAt: row.session.lastSeenAt.getTime(),
    expiresAt: row.session.expiresAt.getTime(),
  };
}

/**
 * Which of `sessionIds` are still live, read from the database (never the cache): for long-lived connections
 * (the message stream) that must end with their session.
 */
export async function liveSessionIds(db: Queryable, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const idleSince = new Date(Date.now() - SESSION_IDLE_MS);
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        inArray(authSessions.id, sessionIds),
        eq(users.isActive, true),
        gt(authSessions.expiresAt, new Date()),
        gt(authSessions.lastSeenAt, idleSince),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Call after committing any change to a user's row or sessions: cached sessions of theirs are read afresh. */
export async function userChanged(database: Database, userId: string): Promise<void> {
  await invalidate(database, USER_TOPIC, userId);
}

export async function revokeSession(database: Database, sessionId: string): Promise<void> {
  const [row] = await database.db
    .delete(authSessions)
    .where(eq(authSessions.id, sessionId))
    .returning({ userId: authSessions.userId });
  if (row) await userChanged(database, row.userId);
}

/**
 * Revokes every session of a user, optionally keeping one (the device that asked). Inside a transaction: call
 * userChanged() once it has committed.
 */
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
