import type { Database } from '#server/db/client.ts';

// Live updates for one person's open screens (docs/product.md#notifications): a change NOTIFYs every process, and
// whichever holds that person's event streams (messaging's GET /api/conversations/stream) passes the event on;
// the browser refreshes what the event names. Call after the change has committed.

export const USER_EVENTS_CHANNEL = 'user_events';

/** notification: the bell; learning: progress, completion, certificates; apprenticeship: OTJ decisions. */
export type UserEventName = 'notification' | 'learning' | 'apprenticeship';

export async function sendUserEvent(database: Database, userId: string, event: UserEventName): Promise<void> {
  await database.notify(USER_EVENTS_CHANNEL, JSON.stringify({ userId, event }));
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
