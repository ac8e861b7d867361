import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, testConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { courses, moduleProgress, users } from '#server/db/schema/index.ts';
import { adminUrl, databaseUrlFor, testDbKind } from '#server/test/db-target.ts';
import { createCourse, createModule, enrol } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { BackupError } from './backup.error.ts';
import { backupSource, verifyBackup, writeBackup } from './backup.service.ts';
import { BACKUP_TOKEN_HEADER, readEndpoint } from './backup-endpoint.service.ts';
import { restoreBackup } from './restore.service.ts';
import { loadSnapshot, type SnapshotManifest, type SqlSession, takeSnapshot } from './snapshot.service.ts';

// Backup → wipe → restore (README 'Backups'): the archive taken from the running app, restored into an empty
// DATA_DIR / database, gives the same rows and the same media files; a non-empty target is refused.

let t: TestContext;
let base = '';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-backup-test-'));
const dropDatabases: string[] = [];
const media = new Map<string, Buffer>();

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser({ email: 'restored-student@example.com', firstName: 'Rhea' });
  await t.createUser({ role: 'admin', email: 'restored-admin@example.com' });
  await t.db.insert(courses).values({ title: 'Backed-up Bricklaying', description: 'd', pricePence: 12_345 });
  // A completed module: module_completion_counts is kept by a trigger on module_progress (migration 0003).
  const learner = await t.createUser({ email: 'restored-learner@example.com' });
  const course = await createCourse(t.db, 'Backed-up Plastering');
  const mod = await createModule(t.db, course.id, 1);
  await enrol(t.db, learner.id, course.id);
  await t.db
    .insert(moduleProgress)
    .values({ userId: learner.id, moduleId: mod.id, progressPercentage: '100.00', isCompleted: true });
  for (const type of ['image', 'video']) {
    const key = `${type}/${randomUUID()}`;
    const bytes = randomBytes(type === 'video' ? 300_000 : 1_234);
    fs.mkdirSync(path.join(t.config.dataDir, 'objects', type), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'objects', key), bytes);
    media.set(key, bytes);
  }
  // An upload still arriving is not part of the store.
  fs.mkdirSync(path.join(t.config.dataDir, 'objects', '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(t.config.dataDir, 'objects', '.tmp', 'x.part'), 'partial');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = readEndpoint(t.config.dataDir)!.url;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  for (const name of dropDatabases) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

/** An empty target like a wiped machine's: a new DATA_DIR, and on PostgreSQL a new empty database. */
async function emptyTarget(): Promise<AppConfig> {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'target-'));
  if (testDbKind() !== 'postgres') return testConfig({ dataDir });
  const name = `ts_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  dropDatabases.push(name);
  return testConfig({ dataDir, databaseUrl: databaseUrlFor(name) });
}

async function snapshot(db: Database['db']) {
  return {
    users: await db
      .select({ id: users.id, email: users.email, role: users.role, hash: users.passwordHash })
      .from(users)
      .orderBy(asc(users.email)),
    courses: await db.select().from(courses).orderBy(asc(courses.id)),
  };
}

/** Every row of every table, as JSON text, in a stable order. */
async function everyRow(db: Database['db']) {
  const query = async <R>(text: string) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: R[] }).rows;
  const all: Record<string, string[]> = {};
  const tables = await query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  for (const { name } of tables) {
    const rows = await query<{ line: string }>(
      `SELECT row_to_json(t)::text AS line FROM "${name}" t ORDER BY 1`,
    );
    all[name] = rows.map((row) => row.line);
  }
  return all;
}

describe(`backup and restore (${testDbKind()})`, () => {
  const archive = path.join(scratch, 'backup.tar.gz');

  it('the running app streams a backup to this machine only, with the token it published', async () => {
    const endpoint = readEndpoint(t.config.dataDir)!;
    expect((fs.statSync(path.join(t.config.dataDir, 'backup-endpoint.json')).mode & 0o777).toString(8)).toBe(
      '600',
    );
    const noToken = await fetch(`${base}/api/internal/backup`);
    expect(noToken.status).toBe(403);
    const admin = await t.createUser({ role: 'admin' });
    const asAdmin = await fetch(`${base}/api/internal/backup`, { headers: { cookie: await t.login(admin) } });
    expect(asAdmin.status).toBe(403);
    expect((await asAdmin.json()).message).toBe('Backups are taken on this machine with npm run backup');

    const res = await fetch(`${base}/api/internal/backup`, {
      headers: { [BACKUP_TOKEN_HEADER]: endpoint.token },
    });
    expect(res.status).toBe(200);
    fs.writeFileSync(archive, Buffer.from(await res.arrayBuffer()));
    const manifest = await verifyBackup(archive);
    expect(manifest).toMatchObject({ database: testDbKind(), objects: { included: true, count: 2 } });
    // A standard tar.gz: the system's tar reads it.
    const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(
      expect.arrayContaining([
        'tradeskills-backup.json',
        testDbKind() === 'pglite' ? 'database/pglite.tar.gz' : 'database/dump.sql',
        ...[...media.keys()].map((k) => `objects/${k}`),
      ]),
    );
    expect(listed.some((name) => name.includes('.tmp'))).toBe(false);
  });

  it('restores into an empty target with the same rows and files, and refuses a target that is not empty', async () => {
    const before = await snapshot(t.db);
    const target = await emptyTarget();
    const manifest = await restoreBackup(archive, target);
    expect(manifest.database).toBe(testDbKind());

    const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      expect(await snapshot(restored.db)).toEqual(before);
      expect(before.users.map((u) => u.email)).toContain('restored-student@example.com');
    } finally {
      await restored.close();
    }
    for (const [key, bytes] of media) {
      expect(fs.readFileSync(path.join(target.dataDir, 'objects', key)).equals(bytes)).toBe(true);
    }

    await expect(restoreBackup(archive, target)).rejects.toThrow(BackupError);
    await expect(restoreBackup(archive, target)).rejects.toThrow(
      /Refusing to restore: .* (already holds|not empty)/,
    );
  });

  it('with S3 storage the archive holds the database only and says so', async () => {
    const s3Archive = path.join(scratch, 's3.tar.gz');
    const source = backupSource(t.database, {
      ...t.config,
      s3: {
        bucket: 'media-bucket',
        endpoint: undefined,
        region: 'eu-west-2',
        accessKeyId: 'a',
        secretAccessKey: 'b',
      },
    });
    await writeBackup(fs.createWriteStream(s3Archive), source);
    const manifest = await verifyBackup(s3Archive);
    expect(manifest.objects).toMatchObject({ included: false, count: 0 });
    expect(manifest.objects.note).toMatch(/S3 bucket "media-bucket" and are NOT in this archive/);
    const listed = execFileSync('tar', ['-tzf', s3Archive], { encoding: 'utf8' });
    expect(listed).not.toContain('objects/');
  });

  // On the embedded database this test opens, migrates and fills a second database: 5 s alone on a quiet machine,
  // 27–30 s beside the rest of `npm test` on two cores, so it gets more than the suite's 30 s.
  it('without pg_dump: a consistent snapshot through the driver restores every row of every table', {
    timeout: 90_000,
  }, async () => {
    const before = await everyRow(t.db);
    expect(before.module_completion_counts).toHaveLength(1);
    const target = await emptyTarget();
    if (testDbKind() === 'postgres') {
      const file = path.join(scratch, 'snapshot.tar.gz');
      // A machine without the PostgreSQL client tools: pg_dump is not on the PATH.
      const toolsPath = process.env.PATH;
      process.env.PATH = fs.mkdtempSync(path.join(scratch, 'no-tools-'));
      try {
        await writeBackup(fs.createWriteStream(file), backupSource(t.database, t.config));
      } finally {
        process.env.PATH = toolsPath;
      }
      expect(await verifyBackup(file)).toMatchObject({ database: 'postgres', method: 'snapshot' });
      const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
      expect(listed).toEqual(
        expect.arrayContaining(['database/snapshot/snapshot.json', 'database/snapshot/users.jsonl']),
      );
      expect(listed).not.toContain('database/dump.sql');
      await restoreBackup(file, target);
    } else {
      // The embedded database is backed up by PGlite's own dump; the snapshot code is the same SQL on both.
      const dir = path.join(scratch, 'snapshot-pglite');
      const session = (t.database.db as unknown as { $client: SqlSession }).$client;
      await takeSnapshot(session, dir);
      const manifest = JSON.parse(
        fs.readFileSync(path.join(dir, 'snapshot.json'), 'utf8'),
      ) as SnapshotManifest;
      const restored = await openDatabase({ dataDir: target.dataDir, inMemory: true });
      await restored.migrate();
      await loadSnapshot((restored.db as unknown as { $client: SqlSession }).$client, manifest, dir);
      expect(await everyRow(restored.db)).toEqual(before);
      await restored.close();
      return;
    }
    const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      expect(await everyRow(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });
});
