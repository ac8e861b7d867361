import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';

// Live updates for one person's open screens (docs/product.md#notifications): a change NOTIFYs every process, and
// whichever holds that person's event streams (messaging's GET /api/conversations/stream) passes the event on;
// the browser refreshes what the event names. The event is queued inside the transaction that makes the change:
// PostgreSQL delivers a NOTIFY at commit, and never for a rollback.

export const USER_EVENTS_CHANNEL = 'user_events';

/** notification: the bell; learning: progress, completion, certificates; apprenticeship: OTJ decisions. */
export type UserEventName = 'notification' | 'learning' | 'apprenticeship';

/** Queued in the caller's transaction: one commit for the change and its events instead of one each. */
export async function queueUserEvent(db: Queryable, userId: string, event: UserEventName): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify({ userId, event })})`);
}

export function parseUserEvent(payload: string): { userId: string; event: UserEventName } | null {
  try {
    const parsed = JSON.parse(payload) as { userId?: unknown; event?: unknown };
    if (typeof parsed.userId !== 'string') return null;
    if (parsed.event !== 'notification' && parsed.event !== 'learning' && parsed.event !== 'apprenticeship')
      return null;
    return { userId: parsed.userId, event: parsed.event };
  } catch {
    return null;
  }
}
