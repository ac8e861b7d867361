import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type AppConfig, testConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { adminUrl, databaseUrlFor, testDbKind } from './db-target.ts';
import { createUser as createUserRow, type TestUser } from './factories.ts';

export type { TestUser };

/** A fresh, migrated database for one test file (or one test), on PGlite or PostgreSQL. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind() === 'postgres') {
    const name = `${inject('pgTemplateDb')}_f_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: databaseUrlFor(name) });
    const close = database.close.bind(database);
    database.close = async () => {
      await close();
      const drop = new pg.Client({ connectionString: adminUrl() });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
    return database;
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

/**
 * The same database as another process would open it: on PostgreSQL a second connection pool and LISTEN
 * connection; on PGlite (one process owns the database) `database` itself, which still hears NOTIFY.
 */
export async function anotherProcessDatabase(database: Database): Promise<Database> {
  if (testDbKind() !== 'postgres') return database;
  const [row] = await database.db
    .execute<{ name: string }>(sql`SELECT current_database() AS name`)
    .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { name: string }[] }).rows));
  return openDatabase({ databaseUrl: databaseUrlFor(row!.name) });
}

let counter = 0;

export async function createTestApp(overrides: Partial<AppConfig> = {}) {
  const database = await createTestDatabase();
  const config = testConfig({ dataDir: `.tmp/test-data-${process.pid}-${++counter}`, ...overrides });
  const app = await buildApp(config, { database }, { clientDir: '/nonexistent' });
  await app.ready();

  /** A user in this app's database (a student unless `role` says otherwise); see factories.ts. */
  function createUser(values: Parameters<typeof createUserRow>[1] = {}): Promise<TestUser> {
    return createUserRow(database.db, values);
  }

  /** Signs in through the real endpoint and returns the Cookie header value. */
  async function login(user: { email: string; password: string }): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'ts_session');
    return `ts_session=${cookie!.value}`;
  }

  /**
   * A second app on the same database, as another process would run it: on PostgreSQL with its own connection
   * pool and LISTEN connection; on PGlite (one process owns the database) sharing it and still hearing NOTIFY.
   */
  async function secondInstance() {
    const second = await anotherProcessDatabase(database);
    const app2 = await buildApp({ ...config }, { database: second }, { clientDir: '/nonexistent' });
    await app2.ready();
    return {
      app: app2,
      async close() {
        await app2.close();
        if (second !== database) await second.close();
      },
    };
  }

  return {
    app,
    database,
    db: database.db,
    config,
    createUser,
    login,
    secondInstance,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Retries `check` until it stops throwing (or `timeoutMs` passes): for what another process learns through
 * LISTEN/NOTIFY, a few milliseconds after the change.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
