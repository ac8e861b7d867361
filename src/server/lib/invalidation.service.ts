import type { Database } from '#server/db/client.ts';

// Cross-process cache invalidation: a change calls invalidate() after it commits; every process (this one
// included) runs the handlers registered for that topic, through PostgreSQL LISTEN/NOTIFY (PGlite's own in
// embedded mode). A topic may carry a key (a user id, say) so that only that user's entries are dropped.
// Handlers belong to one Database (one app), so two apps in one process behave like two processes.
const CHANNEL = 'cache_invalidate';
const SEPARATOR = ':';
type Handler = (key: string | undefined) => void;
type Topics = Map<string, Set<Handler>>;
const registry = new WeakMap<Database, Topics>();

function topicsOf(database: Database): Topics {
  let topics = registry.get(database);
  if (!topics) {
    topics = new Map();
    registry.set(database, topics);
    // Notifications missed while the LISTEN connection was down: every cache starts again from the database.
    database.onListenReset(() => {
      for (const topic of topics!.keys()) run(database, topic, undefined);
    });
  }
  return topics;
}

function run(database: Database, topic: string, key: string | undefined) {
  for (const handler of topicsOf(database).get(topic) ?? []) handler(key);
}

const listening = new WeakSet<Database>();

/** Starts hearing other processes' invalidations (once per database; buildApp calls it). */
export async function listenForInvalidation(database: Database): Promise<void> {
  if (listening.has(database)) return;
  listening.add(database);
  topicsOf(database);
  await database.listen(CHANNEL, (payload) => {
    const at = payload.indexOf(SEPARATOR);
    if (at < 0) run(database, payload, undefined);
    else run(database, payload.slice(0, at), payload.slice(at + 1));
  });
}

/** `handler` receives the key the change named, or undefined when the whole topic changed. */
export function onInvalidate(database: Database, topic: string, handler: Handler): () => void {
  const topics = topicsOf(database);
  let set = topics.get(topic);
  if (!set) {
    set = new Set();
    topics.set(topic, set);
  }
  set.add(handler);
  return () => set.delete(handler);
}

/**
 * Drops `topic` caches (only `key`'s entries when given) here at once, and in every other process as soon as the
 * notification arrives. Call it after the change has committed, never inside its transaction.
 */
export async function invalidate(database: Database, topic: string, key?: string): Promise<void> {
  if (topic.includes(SEPARATOR))
    throw new Error(`Invalidation topic must not contain '${SEPARATOR}': ${topic}`);
  run(database, topic, key);
  await database.notify(CHANNEL, key === undefined ? topic : `${topic}${SEPARATOR}${key}`);
}
