import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/client.ts';

// Cross-process cache invalidation: a change calls invalidate() after it commits; every process (this one
// included) runs the handlers registered for that topic, through PostgreSQL LISTEN/NOTIFY (PGlite's own in
// embedded mode). A topic may carry a key (a user id, say) so that only that user's entries are dropped.
// Handlers belong to one Database (one app), so two apps in one process behave like two processes.
// A notification names the Database it came from, so its own process, which ran the handlers already when it
// invalidated, ignores the echo: a second clear, arriving after a fresh page had been cached, would throw that away.
/** The PostgreSQL channel the notifications travel on. */
export const INVALIDATION_CHANNEL = 'cache_invalidate';
const SEPARATOR = ':';
const ORIGIN_END = '|';
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
const origins = new WeakMap<Database, string>();

function originOf(database: Database): string {
  let origin = origins.get(database);
  if (!origin) {
    origin = randomUUID();
    origins.set(database, origin);
  }
  return origin;
}

/** Starts hearing other processes' invalidations (once per database; buildApp calls it). */
export async function listenForInvalidation(database: Database): Promise<void> {
  if (listening.has(database)) return;
  listening.add(database);
  topicsOf(database);
  const own = `${originOf(database)}${ORIGIN_END}`;
  await database.listen(INVALIDATION_CHANNEL, (message) => {
    if (message.startsWith(own)) return;
    const payload = message.slice(message.indexOf(ORIGIN_END) + 1);
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
  if (topic.includes(SEPARATOR) || topic.includes(ORIGIN_END))
    throw new Error(`Invalidation topic must not contain '${SEPARATOR}' or '${ORIGIN_END}': ${topic}`);
  run(database, topic, key);
  const payload = key === undefined ? topic : `${topic}${SEPARATOR}${key}`;
  await database.notify(INVALIDATION_CHANNEL, `${originOf(database)}${ORIGIN_END}${payload}`);
}
