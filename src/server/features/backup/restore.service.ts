import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AppConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { acquireDirLock } from '#server/db/dir-lock.ts';
import { BackupError } from './backup.error.ts';
import {
  type BackupManifest,
  collect,
  MANIFEST_NAME,
  openArchive,
  PG_DUMP_ENTRY_NAME,
  PGLITE_ENTRY_NAME,
  runTool,
  verifyBackup,
} from './backup.service.ts';
import {
  checkSnapshotSchema,
  loadSnapshot,
  SNAPSHOT_MANIFEST_NAME,
  SNAPSHOT_PREFIX,
  type SnapshotManifest,
} from './snapshot.service.ts';
import { readTar } from './tar.util.ts';

// Restores an archive made by writeBackup() into an empty target only: an empty (or missing) DATA_DIR for the
// embedded database, an empty database for PostgreSQL, and an empty DATA_DIR/objects. Anything else is refused
// before a byte is written, so a restore can never mix two installations.

function nonEmpty(dir: string, ignore: string[] = []): boolean {
  try {
    return fs.readdirSync(dir).some((name) => !ignore.includes(name));
  } catch {
    return false;
  }
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

async function checkTarget(manifest: BackupManifest, config: AppConfig) {
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new BackupError(
      `This backup holds a ${manifest.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database, but ` +
        `the target is ${target === 'pglite' ? 'the embedded database (DATABASE_URL is unset)' : 'PostgreSQL (DATABASE_URL)'}. ` +
        'Restore it with the same kind of database it was taken from.',
    );
  }
  if (target === 'pglite' && nonEmpty(path.join(config.dataDir, 'pglite'))) {
    throw new BackupError(
      `Refusing to restore: ${path.resolve(config.dataDir, 'pglite')} already holds a database. ` +
        'Restore into an empty DATA_DIR (move the old one away first).',
    );
  }
  if (target === 'postgres' && !(await postgresIsEmpty(config.databaseUrl!))) {
    throw new BackupError(
      'Refusing to restore: the database at DATABASE_URL is not empty. Create an empty database and point ' +
        'DATABASE_URL at it.',
    );
  }
  if (manifest.objects.included && nonEmpty(path.join(config.dataDir, 'objects'), ['.tmp'])) {
    throw new BackupError(
      `Refusing to restore: ${path.resolve(config.dataDir, 'objects')} already holds media. ` +
        'Restore into an empty DATA_DIR.',
    );
  }
}

/** One entry's bytes (small ones only: manifests). */
async function readEntry(file: string, name: string): Promise<Buffer | undefined> {
  let found: Buffer | undefined;
  await readTar(openArchive(file), async (entry) =>
    entry.name === name
      ? collect((bytes) => {
          found = bytes;
        })
      : null,
  );
  return found;
}

/** A PostgreSQL snapshot (no pg_dump when it was taken): migrate the empty database, then load the rows. */
async function restoreSnapshot(databaseUrl: string, manifest: SnapshotManifest, dir: string) {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await loadSnapshot(client, manifest, dir);
  } finally {
    await client.end();
  }
}

/** Restores `file` into the configured (empty) DATA_DIR / database. Returns the manifest. */
export async function restoreBackup(file: string, config: AppConfig): Promise<BackupManifest> {
  const manifest = await verifyBackup(file);
  await checkTarget(manifest, config);
  let snapshot: SnapshotManifest | undefined;
  if (manifest.method === 'snapshot') {
    const bytes = await readEntry(file, SNAPSHOT_MANIFEST_NAME);
    if (!bytes) throw new BackupError('The archive has no database');
    snapshot = JSON.parse(bytes.toString('utf8')) as SnapshotManifest;
    checkSnapshotSchema(snapshot);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeskills-restore-'));
  const objectsRoot = path.resolve(config.dataDir, 'objects');
  let pgliteDump: Buffer | undefined;
  const sqlFile = path.join(scratch, 'dump.sql');
  const snapshotDir = path.join(scratch, 'snapshot');
  try {
    await readTar(openArchive(file), async (entry) => {
      if (entry.name === MANIFEST_NAME) return null;
      if (entry.name === PGLITE_ENTRY_NAME)
        return collect((bytes) => {
          pgliteDump = bytes;
        });
      if (entry.name === PG_DUMP_ENTRY_NAME) return fs.createWriteStream(sqlFile);
      if (entry.name.startsWith(SNAPSHOT_PREFIX)) {
        const name = entry.name.slice(SNAPSHOT_PREFIX.length);
        if (!/^[a-z0-9_]+\.jsonl?$/.test(name))
          throw new BackupError(`Unsafe path in archive: ${entry.name}`);
        fs.mkdirSync(snapshotDir, { recursive: true });
        return fs.createWriteStream(path.join(snapshotDir, name));
      }
      if (entry.name.startsWith('objects/')) {
        const target = path.resolve(objectsRoot, entry.name.slice('objects/'.length));
        if (!target.startsWith(objectsRoot + path.sep))
          throw new BackupError(`Unsafe path in archive: ${entry.name}`);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        return fs.createWriteStream(target, { flags: 'wx' });
      }
      return null;
    });

    if (manifest.database === 'pglite') {
      if (!pgliteDump) throw new BackupError('The archive has no database');
      const dataDir = path.resolve(config.dataDir, 'pglite');
      fs.mkdirSync(dataDir, { recursive: true });
      const lock = acquireDirLock(path.dirname(dataDir));
      try {
        const client = await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(pgliteDump)]) });
        await client.close();
      } finally {
        lock.release();
      }
    } else if (snapshot) {
      await restoreSnapshot(config.databaseUrl!, snapshot, snapshotDir);
    } else {
      await runTool('psql', [
        '-X',
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '--single-transaction',
        '-f',
        sqlFile,
        config.databaseUrl!,
      ]);
    }
    return manifest;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
