import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { LEARNER_TOPIC } from '#server/lib/change-notifications.service.ts';
import { onInvalidate } from '#server/lib/invalidation.service.ts';
import { liveSessionIds, USER_TOPIC } from '#server/lib/sessions.service.ts';
import { parseUserEvent, USER_EVENTS_CHANNEL, type UserEventName } from '#server/lib/user-events.service.ts';
import type { Message } from '#shared/schemas/messaging.ts';
import { presentMessage } from './messaging.presenter.ts';
import { loadMessage, MESSAGE_CHANNEL, participantIdsOf } from './messaging.service.ts';

// Server-sent events for new messages. sendMessage() NOTIFYs every app process (PostgreSQL LISTEN/NOTIFY, or
// PGlite's own); each process then pushes the message to the streams it holds open for that conversation's
// participants. Nothing is kept in memory beyond the open connections, so any process can serve any user.
//
// A stream belongs to the session that opened it and ends with it. Sign-out, password change (other sessions
// revoked), deactivation and "sign out other devices" all call userChanged(), which reaches every process
// through the invalidation bus (lib/invalidation.service.ts); the hub then re-reads that user's streams' sessions from
// the database and closes those that are gone. The heartbeat re-checks too, in case a notification was missed.
//
// The same streams carry a person's other live updates (lib/user-events.service.ts: the bell, learning, apprenticeship),
// and a change to their learning (learnerChanged) becomes a 'learning' event, so every open tab refreshes.

type Subscriber = {
  viewer: Principal;
  sessionId: string;
  send: (message: Message) => void;
  sendEvent: (event: UserEventName) => void;
  close: () => void;
};

export const HEARTBEAT_MS = 25_000;

/** Made once per app by the composition root (src/server/deps.ts); the messaging routes open streams on it. */
export async function createMessageHub(database: Database, log: FastifyBaseLogger) {
  const db = database.db;
  const byUser = new Map<string, Set<Subscriber>>();

  async function deliver(payload: string) {
    if (byUser.size === 0) return;
    let parsed: { conversationId?: string; messageId?: string };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (!parsed.conversationId || !parsed.messageId) return;
    const participants = await participantIdsOf(db, parsed.conversationId);
    const local = participants.filter((id) => byUser.has(id));
    if (local.length === 0) return;
    const row = await loadMessage(db, parsed.messageId);
    if (!row) return;
    for (const userId of local) {
      for (const subscriber of byUser.get(userId) ?? [])
        subscriber.send(presentMessage(subscriber.viewer, row));
    }
  }

  /** Closes the given streams whose session no longer exists (signed out, revoked, expired, user deactivated). */
  async function closeEnded(subscribers: Subscriber[]) {
    if (subscribers.length === 0) return;
    const live = await liveSessionIds(db, [...new Set(subscribers.map((s) => s.sessionId))]);
    for (const subscriber of subscribers) if (!live.has(subscriber.sessionId)) subscriber.close();
  }
  const recheck = (subscribers: Subscriber[]) => {
    closeEnded(subscribers).catch((error: unknown) =>
      log.warn({ err: error }, 'message stream session check failed'),
    );
  };

  const unlisten = await database.listen(MESSAGE_CHANNEL, (payload) => {
    deliver(payload).catch((error: unknown) => log.warn({ err: error }, 'message delivery failed'));
  });
  const pushEvent = (userId: string, event: UserEventName) => {
    for (const subscriber of byUser.get(userId) ?? []) subscriber.sendEvent(event);
  };
  const unlistenEvents = await database.listen(USER_EVENTS_CHANNEL, (payload) => {
    const parsed = parseUserEvent(payload);
    if (parsed) pushEvent(parsed.userId, parsed.event);
  });
  const stopWatchingLearners = onInvalidate(database, LEARNER_TOPIC, (userId) => {
    if (userId !== undefined) pushEvent(userId, 'learning');
  });
  const stopWatchingUsers = onInvalidate(database, USER_TOPIC, (userId) => {
    if (userId === undefined) recheck([...byUser.values()].flatMap((set) => [...set]));
    else recheck([...(byUser.get(userId) ?? [])]);
  });

  return {
    /** Registers an open stream; returns the function that forgets it. */
    subscribe(subscriber: Subscriber): () => void {
      let set = byUser.get(subscriber.viewer.id);
      if (!set) {
        set = new Set();
        byUser.set(subscriber.viewer.id, set);
      }
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) byUser.delete(subscriber.viewer.id);
      };
    },
    /** The heartbeat's safety net: ends this stream if its session is gone. */
    recheck(subscriber: Subscriber) {
      recheck([subscriber]);
    },
    /** Ends every open stream (the server is shutting down) and stops listening. */
    async close() {
      stopWatchingUsers();
      stopWatchingLearners();
      for (const set of [...byUser.values()]) for (const subscriber of [...set]) subscriber.close();
      await unlisten();
      await unlistenEvents();
    },
  };
}

export type MessageHub = Awaited<ReturnType<typeof createMessageHub>>;
