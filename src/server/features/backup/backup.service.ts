import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import type { AppConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { BackupError, ToolUnavailableError } from './backup.error.ts';
import { takeSnapshot } from './snapshot.service.ts';
import { readTar, type TarEntry, writeTar } from './tar.util.ts';

// One archive (tar.gz) holds the database and the local object store (README 'Backups'):
//   tradeskills-backup.json   the manifest (first entry)
//   database/pglite.tar.gz    PGlite's own data-directory dump, or
//   database/dump.sql         pg_dump (plain SQL, no owners or grants), or
//   database/snapshot/…       without pg_dump: a consistent snapshot taken by the app's driver (snapshot.service.ts)
//   objects/<type>/<key>      the files under DATA_DIR/objects (none with S3: the manifest says so)
// The database is dumped first and the objects read after it: objects are never changed once written, and the
// sweeper only removes ones no row refers to, so every object the dumped rows name is in the archive.

export const PGLITE_ENTRY_NAME = 'database/pglite.tar.gz';
export const PG_DUMP_ENTRY_NAME = 'database/dump.sql';
export const MANIFEST_NAME = 'tradeskills-backup.json';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** How the database was saved (absent in archives made before the snapshot fallback: pglite or pg_dump). */
  method?: 'pglite' | 'pg_dump' | 'snapshot';
  objects: { included: boolean; count: number; note: string };
}

export interface BackupSource {
  kind: Database['kind'];
  /** PGlite: a dump of the live database, taken by the process that owns it. */
  dumpPglite?: () => Promise<Blob>;
  databaseUrl?: string;
  dataDir: string;
  s3Bucket?: string;
}

export function backupSource(database: Database, config: AppConfig): BackupSource {
  return {
    kind: database.kind,
    dumpPglite: database.dumpDataDir,
    databaseUrl: database.url ?? config.databaseUrl,
    dataDir: config.dataDir,
    s3Bucket: config.s3?.bucket,
  };
}

/** Runs a command-line tool (pg_dump, psql), its stdout to `output`; a failure carries its stderr. */
export function runTool(command: string, args: string[], output?: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', output ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    if (output) child.stdout!.pipe(output);
    child.on('error', (error) =>
      reject(new ToolUnavailableError(`${command} could not run (${error.message}); is it installed?`)),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const message = `${command} failed: ${stderr.trim() || `exit ${code}`}`;
      reject(
        /server version mismatch/i.test(stderr)
          ? new ToolUnavailableError(message)
          : new BackupError(message),
      );
    });
  });
}

/** Every file under the local object store, except uploads still being received. */
function listObjects(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let names: fs.Dirent[];
    try {
      names = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !(dir === root && entry.name === '.tmp')) walk(full);
      else if (entry.isFile()) found.push(full);
    }
  };
  walk(root);
  return found.sort();
}

/** PostgreSQL: pg_dump's plain SQL, or the snapshot when pg_dump is missing or older than the server. */
async function postgresEntries(source: BackupSource, scratch: string): Promise<TarEntry[]> {
  const file = path.join(scratch, 'dump.sql');
  try {
    await runTool('pg_dump', ['--no-owner', '--no-privileges', '--file', file, source.databaseUrl!]);
    return [
      { name: PG_DUMP_ENTRY_NAME, size: fs.statSync(file).size, body: () => fs.createReadStream(file) },
    ];
  } catch (error) {
    if (!(error instanceof ToolUnavailableError)) throw error;
  }
  const client = new pg.Client({ connectionString: source.databaseUrl });
  await client.connect();
  try {
    return await takeSnapshot(client, path.join(scratch, 'snapshot'));
  } finally {
    await client.end();
  }
}

/** The database first, then the manifest naming how it was saved, then the objects. */
async function* entries(source: BackupSource, scratch: string): AsyncGenerator<TarEntry> {
  let database: TarEntry[];
  if (source.kind === 'pglite') {
    if (!source.dumpPglite) throw new BackupError('This database cannot be dumped');
    const dump = Buffer.from(await (await source.dumpPglite()).arrayBuffer());
    database = [{ name: PGLITE_ENTRY_NAME, size: dump.length, body: () => dump }];
  } else {
    database = await postgresEntries(source, scratch);
  }
  const objectsRoot = path.join(source.dataDir, 'objects');
  const files = source.s3Bucket ? [] : listObjects(objectsRoot);
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: source.kind,
    method:
      source.kind === 'pglite' ? 'pglite' : database[0]!.name === PG_DUMP_ENTRY_NAME ? 'pg_dump' : 'snapshot',
    objects: source.s3Bucket
      ? {
          included: false,
          count: 0,
          note: `Media are in the S3 bucket "${source.s3Bucket}" and are NOT in this archive: back the bucket up separately.`,
        }
      : { included: true, count: files.length, note: 'The local object store (DATA_DIR/objects).' },
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  yield { name: MANIFEST_NAME, size: manifestBytes.length, body: () => manifestBytes };
  yield* database;

  for (const file of files) {
    // Opened first, so an object removed meanwhile is skipped rather than breaking the archive.
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch {
      continue;
    }
    const { size } = await handle.stat();
    const name = `objects/${path.relative(objectsRoot, file).split(path.sep).join('/')}`;
    yield { name, size, body: () => handle.createReadStream({ autoClose: true }) };
  }
}

/** Writes a gzipped backup archive to `out`. */
export async function writeBackup(out: Writable, source: BackupSource): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeskills-backup-'));
  try {
    const gzip = zlib.createGzip();
    const piping = pipeline(gzip, out);
    try {
      await writeTar(gzip, entries(source, scratch));
    } catch (error) {
      gzip.destroy(error as Error);
      await piping.catch(() => {});
      throw error;
    }
    await piping;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The backup as a stream (for the HTTP endpoint); errors end it early, which the reader detects. */
export function backupStream(source: BackupSource, onError: (error: unknown) => void): Readable {
  const stream = new PassThrough();
  writeBackup(stream, source).catch((error: unknown) => {
    onError(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}

/** The archive's tar stream; a missing or unreadable file fails the reader instead of stalling it. */
export function openArchive(file: string): zlib.Gunzip {
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  input.on('error', (error) => gunzip.destroy(new BackupError(`Cannot read ${file}: ${error.message}`)));
  return input.pipe(gunzip);
}

/** Reads an archive end to end and returns its manifest; throws if it is not a complete backup. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  await readTar(openArchive(file), async (entry) => {
    if (entry.name !== MANIFEST_NAME) return null;
    return collect((bytes) => {
      manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
    });
  });
  if (!manifest) throw new BackupError(`${file} is not a TradeSkills backup (no ${MANIFEST_NAME})`);
  return manifest;
}

/** A sink that hands over everything written to it once it ends. */
export function collect(done: (bytes: Buffer) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks));
      callback();
    },
  });
}
