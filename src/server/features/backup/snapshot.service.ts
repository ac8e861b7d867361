import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '#server/db/client.ts';
import { BackupError } from './backup.error.ts';
import type { TarEntry } from './tar.util.ts';

// The PostgreSQL backup when pg_dump is not installed (README 'Backups'): a consistent snapshot taken through the
// app's own driver. One REPEATABLE READ, READ ONLY transaction reads every table of the public schema, so all
// rows come from one instant while the app keeps writing. Each table is kept as JSON lines (row_to_json) and put
// back with json_populate_recordset into an empty database migrated to the same migrations, parents before
// children, with the tables' own triggers off (the counts they keep are restored as rows, not counted twice).

export const SNAPSHOT_PREFIX = 'database/snapshot/';
export const SNAPSHOT_MANIFEST_NAME = `${SNAPSHOT_PREFIX}snapshot.json`;
const FETCH_ROWS = 1000;
const INSERT_ROWS = 500;

/** One database session: a pg.Client or a PGlite instance. */
export interface SqlSession {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface SnapshotManifest {
  /** Hashes of the applied migrations, in order: the restore needs the same schema. */
  migrations: string[];
  /** Every table, parents before children, with its row count. */
  tables: { name: string; rows: number }[];
  /** Sequences that have been used, and their last value. */
  sequences: { name: string; value: string }[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableFile = (dir: string, table: string) => path.join(dir, `${table}.jsonl`);

/** The public schema's tables ordered so every table comes after the tables its foreign keys point to. */
async function tablesInLoadOrder(session: SqlSession): Promise<string[]> {
  const { rows: tables } = await session.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const { rows: refs } = await session.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conrelid <> k.confrelid`,
  );
  const order: string[] = [];
  const seen = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string) => {
    if (seen.get(table) === 'done') return;
    if (seen.get(table) === 'visiting') throw new BackupError(`Foreign keys form a cycle through ${table}`);
    seen.set(table, 'visiting');
    for (const ref of refs) if (ref.child === table) visit(ref.parent);
    seen.set(table, 'done');
    order.push(table);
  };
  for (const { name } of tables) visit(name);
  return order;
}

async function appliedMigrations(session: SqlSession): Promise<string[]> {
  const { rows } = await session.query<{ hash: string }>(
    'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id',
  );
  return rows.map((row) => row.hash);
}

/** Writes every table to `dir` as JSON lines within one snapshot; returns the archive entries. */
export async function takeSnapshot(session: SqlSession, dir: string): Promise<TarEntry[]> {
  fs.mkdirSync(dir, { recursive: true });
  await session.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    const manifest: SnapshotManifest = {
      migrations: await appliedMigrations(session),
      tables: [],
      sequences: [],
    };
    for (const table of await tablesInLoadOrder(session)) {
      const out = fs.createWriteStream(tableFile(dir, table));
      let rows = 0;
      await session.query(`DECLARE snapshot_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS line
                             FROM ${ident(table)} t`);
      for (;;) {
        const batch = await session.query<{ line: string }>(`FETCH ${FETCH_ROWS} FROM snapshot_rows`);
        if (batch.rows.length === 0) break;
        rows += batch.rows.length;
        if (!out.write(`${batch.rows.map((row) => row.line).join('\n')}\n`)) await once(out, 'drain');
      }
      await session.query('CLOSE snapshot_rows');
      out.end();
      await once(out, 'finish');
      manifest.tables.push({ name: table, rows });
    }
    const { rows: sequences } = await session.query<{ name: string; value: string }>(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::text AS value
         FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY 1`,
    );
    manifest.sequences = sequences;
    await session.query('COMMIT');
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, 'snapshot.json'), bytes);
    return [
      { name: SNAPSHOT_MANIFEST_NAME, size: bytes.length, body: () => bytes },
      ...manifest.tables.map(({ name }) => {
        const file = tableFile(dir, name);
        return {
          name: `${SNAPSHOT_PREFIX}${name}.jsonl`,
          size: fs.statSync(file).size,
          body: () => fs.createReadStream(file),
        };
      }),
    ];
  } catch (error) {
    await session.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** Refuses a snapshot taken at another schema version than this code's, before anything is written. */
export function checkSnapshotSchema(manifest: SnapshotManifest): void {
  const here = readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash);
  if (here.length !== manifest.migrations.length || here.some((hash, i) => hash !== manifest.migrations[i])) {
    throw new BackupError(
      `This backup was taken with ${manifest.migrations.length} database migrations applied and this version of ` +
        `TradeSkills has ${here.length}: restore it with the version that took it, then upgrade.`,
    );
  }
}

/**
 * Loads a snapshot (the table files in `dir`) into a freshly migrated, empty database, in one transaction:
 * all of it or none of it.
 */
export async function loadSnapshot(
  session: SqlSession,
  manifest: SnapshotManifest,
  dir: string,
): Promise<void> {
  await session.query('BEGIN');
  try {
    for (const { name, rows } of manifest.tables) {
      const table = ident(name);
      await session.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
      let loaded = 0;
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await session.query(
          `INSERT INTO ${table} OVERRIDING SYSTEM VALUE
           SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
        loaded += batch.length;
        batch = [];
      };
      const lines = readline.createInterface({
        input: fs.createReadStream(tableFile(dir, name)),
        crlfDelay: Infinity,
      });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= INSERT_ROWS) await flush();
      }
      await flush();
      await session.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
      if (loaded !== rows)
        throw new BackupError(`${name}: the archive holds ${loaded} rows, expected ${rows}`);
    }
    for (const { name, value } of manifest.sequences) {
      await session.query('SELECT setval($1::regclass, $2::bigint, true)', [name, value]);
    }
    await session.query('COMMIT');
  } catch (error) {
    await session.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
