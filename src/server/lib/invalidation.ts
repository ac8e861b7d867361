import type { Database } from '#server/db/client.ts';

// Cross-process cache invalidation: a change calls invalidate(); every process (this one included) runs the
// handlers registered for that topic, through PostgreSQL LISTEN/NOTIFY (PGlite's own in embedded mode).
const CHANNEL = 'cache_invalidate';
const handlers = new Map<string, Set<() => void>>();
const listening = new WeakSet<Database>();

export async function listenForInvalidation(database: Database): Promise<void> {
  if (listening.has(database)) return;
  listening.add(database);
  await database.listen(CHANNEL, (topic) => {
    for (const handler of handlers.get(topic) ?? []) handler();
  });
}

export function onInvalidate(topic: string, handler: () => void): () => void {
  let set = handlers.get(topic);
  if (!set) {
    set = new Set();
    handlers.set(topic, set);
  }
  set.add(handler);
  return () => set.delete(handler);
}

/** Drops `topic` caches here at once, and in every other process as soon as the notification arrives. */
export async function invalidate(database: Database, topic: string): Promise<void> {
  for (const handler of handlers.get(topic) ?? []) handler();
  await database.notify(CHANNEL, topic);
}
