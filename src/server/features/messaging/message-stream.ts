import type { FastifyInstance } from 'fastify';
import type { UserRow } from '#server/features/auth/sessions.service.ts';
import type { Message } from '#shared/schemas/messaging.ts';
import { loadMessage, MESSAGE_CHANNEL, participantIdsOf, presentMessage } from './messaging.service.ts';

// Server-sent events for new messages. sendMessage() NOTIFYs every app process (PostgreSQL LISTEN/NOTIFY, or
// PGlite's own); each process then pushes the message to the streams it holds open for that conversation's
// participants. Nothing is kept in memory beyond the open connections, so any process can serve any user.

type Subscriber = { viewer: Pick<UserRow, 'id' | 'role'>; send: (message: Message) => void };

export const HEARTBEAT_MS = 25_000;

export async function createMessageHub(app: FastifyInstance) {
  const byUser = new Map<string, Set<Subscriber>>();
  const closers = new Set<() => void>();

  async function deliver(payload: string) {
    if (byUser.size === 0) return;
    let parsed: { conversationId?: string; messageId?: string };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (!parsed.conversationId || !parsed.messageId) return;
    const participants = await participantIdsOf(app.db, parsed.conversationId);
    const local = participants.filter((id) => byUser.has(id));
    if (local.length === 0) return;
    const row = await loadMessage(app.db, parsed.messageId);
    if (!row) return;
    for (const userId of local) {
      for (const subscriber of byUser.get(userId) ?? [])
        subscriber.send(presentMessage(subscriber.viewer, row));
    }
  }

  const unlisten = await app.database.listen(MESSAGE_CHANNEL, (payload) => {
    deliver(payload).catch((error: unknown) => app.log.warn({ err: error }, 'message delivery failed'));
  });

  return {
    subscribe(subscriber: Subscriber, close: () => void): () => void {
      let set = byUser.get(subscriber.viewer.id);
      if (!set) {
        set = new Set();
        byUser.set(subscriber.viewer.id, set);
      }
      set.add(subscriber);
      closers.add(close);
      return () => {
        closers.delete(close);
        set.delete(subscriber);
        if (set.size === 0) byUser.delete(subscriber.viewer.id);
      };
    },
    /** Ends every open stream (the server is shutting down) and stops listening. */
    async close() {
      for (const close of [...closers]) close();
      await unlisten();
    },
  };
}
