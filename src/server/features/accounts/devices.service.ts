import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { authSessions } from '#server/db/schema/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { notFound } from '#server/lib/http.error.ts';
import {
  revokeSession,
  revokeUserSessions,
  SESSION_IDLE_MS,
  userChanged,
} from '#server/lib/sessions.service.ts';

export const SESSION_NOT_FOUND = 'That device is not signed in to your account';

/** The user's live sessions (not past their idle or absolute expiry), most recently used first. */
export async function listUserSessions(db: Db, caller: Principal) {
  const now = Date.now();
  return db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, caller.id),
        gt(authSessions.expiresAt, new Date(now)),
        gt(authSessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.createdAt));
}

/** Signs out one of the user's own devices; another user's session id is simply not found. */
export async function revokeOwnSession(
  database: Database,
  caller: Principal,
  sessionId: string,
): Promise<void> {
  const [row] = await database.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, caller.id)));
  if (!row) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  await revokeSession(database, row.id);
}

export async function revokeOtherSessions(
  database: Database,
  caller: Principal,
  keepSessionId: string,
): Promise<number> {
  const revoked = await revokeUserSessions(database.db, caller.id, keepSessionId);
  await userChanged(database, caller.id);
  return revoked;
}
