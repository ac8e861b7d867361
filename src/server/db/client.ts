import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { connectionsArriving } from '#server/lib/arrivals.service.ts';
import { acquireDirLock, type DirLock } from './dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction handle. */
export type Queryable = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type NotifyHandler = (payload: string) => void;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Subscribes to a LISTEN channel; returns an unsubscribe function. */
  listen(channel: string, handler: NotifyHandler): Promise<() => Promise<void>>;
  /**
   * Runs `handler` whenever the LISTEN connection has been lost and opened again: notifications sent in between
   * never arrived. Returns an unsubscribe function.
   */
  onListenReset(handler: () => void): () => void;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection URL (pg_dump for backups). */
  url?: string;
  /** PGlite only: a consistent gzipped tarball of the data directory, taken between queries (backups). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Start PGlite from a data-dir dump (tests copy one migrated template). */
  loadDataDir?: Blob;
  /** In-memory PGlite, for tests and tools. */
  inMemory?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid channel name: ${name}`);
  return `"${name}"`;
}

/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'tradeskills-listen';
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const handlers = new Map<string, Set<NotifyHandler>>();
  const resetHandlers = new Set<() => void>();
  let listener: Promise<pg.Client> | undefined;
  let current: pg.Client | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;

  // One LISTEN connection for the whole process. If it drops (a server restart, a failover, an idle kill) it is
  // opened again with back-off and every channel is listened to again; notifications sent meanwhile are lost,
  // so the reset handlers run once it is back (caches drop everything and read afresh).
  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    // Only the connection in use schedules a reconnect; a failed attempt is retried by whoever started it.
    const onLost = () => {
      if (current !== client) return;
      current = undefined;
      listener = undefined;
      client.end().catch(() => {});
      retryLater();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    current = client;
    return client;
  }

  function retryLater() {
    if (closed) return;
    setTimeout(reconnect, retryMs).unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  async function reconnect() {
    if (closed || listener) return;
    listener = connect();
    try {
      await listener;
      retryMs = RECONNECT_MIN_MS;
      for (const handler of resetHandlers) handler();
    } catch {
      listener = undefined;
      retryLater();
    }
  }

  function listenerClient(): Promise<pg.Client> {
    if (!listener) {
      listener = connect();
      listener.catch(() => {
        listener = undefined;
      });
    }
    return listener;
  }

  return {
    kind: 'postgres',
    url,
    db,
    async migrate() {
      await migrateNodePg(db as never, { migrationsFolder });
    },
    async listen(channel, handler) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    onListenReset(handler) {
      resetHandlers.add(handler);
      return () => resetHandlers.delete(handler);
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      closed = true;
      await listener?.catch(() => undefined);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * PGlite runs each query synchronously on this thread, and its query queue hands over from one waiting query to
 * the next in promise callbacks: under load, one turn of the event loop ran every queued query back to back and
 * new connections waited in the accept queue for seconds (docs/decisions/0016-pglite-fair-turns.md). Queries now
 * run in slices of the event loop: back to back for at most PGLITE_SLICE_MS, then the next one starts on a fresh
 * turn, so sockets are served between slices. One query per turn (the first version) starved the database when
 * a crowd filled every turn with requests for cached pages: the signed-in requests that need it waited a whole
 * turn per query. While new connections arrive the slices are short, so that the loop accepts them promptly
 * (docs/decisions/0026-short-turns-while-connections-arrive.md).
 */
const PGLITE_SLICE_MS = 8;
const PGLITE_SHORT_SLICE_MS = 1;

function yieldBetweenQueries(client: PGlite) {
  const exclusive = client as unknown as { _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> };
  const original = exclusive._runExclusiveQuery.bind(client);
  let sliceStart = Number.NEGATIVE_INFINITY;
  exclusive._runExclusiveQuery = (fn) =>
    original(async () => {
      const slice = connectionsArriving() ? PGLITE_SHORT_SLICE_MS : PGLITE_SLICE_MS;
      if (performance.now() - sliceStart > slice) {
        await nextTurn();
        sliceStart = performance.now();
      }
      return fn();
    });
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let lock: DirLock | undefined;
  let dataDir: string | undefined;
  if (!options.inMemory && !options.loadDataDir) {
    dataDir = path.resolve(options.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
    // PGlite does not lock its directory and two processes would corrupt it.
    lock = acquireDirLock(path.dirname(dataDir));
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      loadDataDir: options.loadDataDir,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  yieldBetweenQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
    },
    async listen(channel, handler) {
      const unsubscribe = await client.listen(quoteIdent(channel).slice(1, -1), handler);
      return unsubscribe;
    },
    // The embedded database lives in this process: its notifications cannot be lost.
    onListenReset: () => () => {},
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await client.query('SELECT 1');
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
