import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema/index.ts';
import { adminUrl, databaseUrlFor, testDbKind } from '#server/test/db-target.ts';

// Graceful shutdown (README 'Configuration', SHUTDOWN_TIMEOUT_S) on the real process entry: SIGTERM lets a
// request whose body is still arriving and an email half-way through SMTP both finish, then the process exits
// 0.

const ROOT = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An SMTP receiver that takes `delayMs` to accept each message's data. */
async function slowReceiver(delayMs: number) {
  const state = { dataStarted: 0, accepted: [] as string[][] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      state.dataStarted++;
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          state.accepted.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, state };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A database for the child process: a PGlite DATA_DIR, or a copy of the migrated template on PostgreSQL. */
async function databaseEnv(): Promise<{ env: Record<string, string>; url?: string }> {
  if (testDbKind() !== 'postgres') return { env: {} };
  const name = `${inject('pgTemplateDb')}_shutdown_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl() });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  return { env: { DATABASE_URL: databaseUrlFor(name) }, url: databaseUrlFor(name) };
}

describe(`SIGTERM (${testDbKind()})`, () => {
  it('finishes the in-flight request and the mail being sent, then exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-shutdown-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const smtp = await slowReceiver(1500);
    const port = await freePort();
    const database = await databaseEnv();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'admin@shutdown.test',
        ADMIN_PASSWORD: 'AdminPass123!',
        SEED_DEMO: '0',
        // Info, so that the test can see the in-flight request arrive before it sends SIGTERM.
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        SHUTDOWN_TIMEOUT_S: '20',
        ...database.env,
      },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const base = `http://127.0.0.1:${port}`;
    await until(
      () =>
        fetch(`${base}/readyz`)
          .then((r) => r.ok)
          .catch(() => false),
      120_000,
      `the server to start (${output})`,
    );

    // An email in flight: the receiver has the message and takes 1.5 s to accept it.
    const reset = await fetch(`${base}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@shutdown.test' }),
    });
    expect(reset.status).toBe(200);
    await until(() => smtp.state.dataStarted === 1, 15_000, 'the mail send to start');

    // A request in flight: its body is only half sent.
    const body = JSON.stringify({ email: 'admin@shutdown.test', password: 'AdminPass123!' });
    const request = http.request(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    });
    const answer = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    // The server has the request (its "incoming request" line) before the signal, however busy the machine.
    await until(() => output.includes('"url":"/api/login"'), 15_000, `the sign-in to arrive (${output})`);

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    // The rest of the body arrives after the signal.
    setTimeout(() => request.end(body.slice(10)), 700);
    expect(await answer).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    expect(smtp.state.accepted).toEqual([['admin@shutdown.test']]);

    // The outcome was recorded before the database closed.
    const reopened = await openDatabase(database.url ? { databaseUrl: database.url } : { dataDir });
    try {
      const rows = await reopened.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'admin@shutdown.test'));
      expect(rows.map((r) => r.status)).toEqual(['sent']);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
