// `npm run backup -- FILE` and `npm run restore -- FILE` (README 'Backups'). Reads the same environment as the
// server (DATA_DIR, DATABASE_URL, S3_BUCKET).
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/dir-lock.ts';
import { BackupError } from './backup.error.ts';
import { type BackupManifest, verifyBackup, writeBackup } from './backup.service.ts';
import { BACKUP_TOKEN_HEADER, readEndpoint } from './backup-endpoint.service.ts';
import { restoreBackup } from './restore.service.ts';

const config = loadConfig();

/** PGlite with a server running: the server takes the snapshot. Returns false when no server answers. */
async function fromRunningServer(file: string): Promise<boolean> {
  const endpoint = readEndpoint(config.dataDir);
  if (!endpoint) return false;
  let res: Response;
  try {
    res = await fetch(`${endpoint.url}/api/internal/backup`, {
      headers: { [BACKUP_TOKEN_HEADER]: endpoint.token },
    });
  } catch {
    return false; // A file left by a process that is gone.
  }
  if (!res.ok || !res.body) throw new BackupError(`The running server refused the backup (${res.status})`);
  await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
  return true;
}

async function backup(target: string) {
  const part = `${target}.part`;
  try {
    if (config.databaseUrl) {
      await writeBackup(fs.createWriteStream(part), {
        kind: 'postgres',
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        s3Bucket: config.s3?.bucket,
      });
    } else if (!(await fromRunningServer(part))) {
      // No server running: open the embedded database ourselves (the directory lock stops a second writer).
      const database = await openDatabase({ dataDir: config.dataDir });
      try {
        await writeBackup(fs.createWriteStream(part), {
          kind: 'pglite',
          dumpPglite: database.dumpDataDir,
          dataDir: config.dataDir,
          s3Bucket: config.s3?.bucket,
        });
      } finally {
        await database.close();
      }
    }
    const manifest = await verifyBackup(part);
    fs.renameSync(part, target);
    report('Backup written', target, manifest);
  } finally {
    fs.rmSync(part, { force: true });
  }
}

function report(what: string, file: string, manifest: BackupManifest) {
  process.stdout.write(
    `${what}: ${path.resolve(file)}\n  database: ${manifest.database === 'pglite' ? 'embedded (PGlite)' : manifest.method === 'snapshot' ? 'PostgreSQL (snapshot: pg_dump was not available)' : 'PostgreSQL'}, taken ${manifest.createdAt}\n  media: ${manifest.objects.included ? `${manifest.objects.count} files` : manifest.objects.note}\n`,
  );
}

/** Ends the CLI with a status (named once, like main.ts does). */
const endProcess: (code: number) => never = process.exit.bind(process);

async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    process.stderr.write('Usage: npm run backup -- FILE   |   npm run restore -- FILE\n');
    endProcess(2);
  }
  if (command === 'backup') await backup(file);
  else report('Restored', file, await restoreBackup(file, config));
}

main().catch((error: unknown) => {
  const known =
    error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(
    `${known ? (error as Error).message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  endProcess(1);
});
