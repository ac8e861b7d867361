// `npm run bench mixed`: 200 connections for 60 s (BENCH_MIXED_DURATION) against a real server process,
// mixing the public catalogue, signed-in reads (courses, conversations) and message writes, on PGlite and on
// PostgreSQL (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres; skipped if
// unreachable), each beside a catalogue-only run on the same server. The goal (README 'Performance'): 0
// errors and p99 under 1 s on PGlite.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchResult } from './run.ts';

const DURATION_S = Number(process.env.BENCH_MIXED_DURATION ?? 60);
const CONNECTIONS = 200;
const ROOT = path.resolve(import.meta.dirname, '..');

interface Setup {
  port: number;
  kind: 'pglite' | 'postgres';
  sessions: { cookie: string; conversationId: string }[];
}

async function startServer(env: Record<string, string>): Promise<{ setup: Setup; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'mixed-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { setup: JSON.parse(line) as Setup, child };
  }
  throw new Error('the bench server did not start');
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerSec: number;
}

async function load(setup: Setup, mixed: boolean, duration: number): Promise<Run> {
  let next = 0;
  type Ctx = { session?: Setup['sessions'][number] };
  const signedIn =
    (extra: Record<string, string> = {}) =>
    (req: autocannon.Request, ctx: Ctx) => {
      ctx.session ??= setup.sessions[next++ % setup.sessions.length];
      return { ...req, headers: { ...req.headers, cookie: ctx.session!.cookie, ...extra } };
    };
  const requests: autocannon.Request[] = mixed
    ? [
        { method: 'GET', path: '/api/courses/available' },
        { method: 'GET', path: '/api/user/courses', setupRequest: signedIn() as never },
        { method: 'GET', path: '/api/courses/available' },
        { method: 'GET', path: '/api/conversations', setupRequest: signedIn() as never },
        {
          method: 'POST',
          path: '/api/messages',
          setupRequest: ((req: autocannon.Request, ctx: Ctx) => {
            const withCookie = signedIn({ 'content-type': 'application/json' })(req, ctx);
            return {
              ...withCookie,
              body: JSON.stringify({ conversationId: ctx.session!.conversationId, content: 'Bench message' }),
            };
          }) as never,
        },
      ]
    : [{ method: 'GET', path: '/api/courses/available' }];
  const result = await autocannon({
    url: `http://127.0.0.1:${setup.port}`,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    requests,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytesPerSec: result.throughput.average,
  };
}

function summary(label: string, run: Run): string {
  return `${label}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.errors} errors (${run.timeouts} timeouts), ${run.non2xx} non-2xx, ${(run.bytesPerSec / 1024 / 1024).toFixed(1)} MB/s served`;
}

async function scenario(kind: 'pglite' | 'postgres', env: Record<string, string>): Promise<BenchResult[]> {
  const { setup, child } = await startServer(env);
  try {
    await load(setup, true, 2); // warm-up: caches, JIT
    const mixed = await load(setup, true, DURATION_S);
    const catalogue = await load(setup, false, DURATION_S);
    console.log(`  ${kind} ${summary('mixed', mixed)}`);
    console.log(`  ${kind} ${summary('catalogue only', catalogue)}`);
    const failures = mixed.errors + mixed.non2xx;
    return [
      {
        name: `Mixed load on ${kind}, ${CONNECTIONS} connections, ${DURATION_S} s: p99`,
        value: mixed.p99,
        unit: 'ms',
        baseline: { value: catalogue.p99, unit: 'ms', label: 'catalogue only, same server' },
        goal: kind === 'pglite' ? '< 1000 ms' : undefined,
        ok: kind === 'pglite' ? mixed.p99 < 1000 : undefined,
      },
      {
        name: `Mixed load on ${kind}: throughput`,
        value: Math.round(mixed.rps),
        unit: 'req/s',
        baseline: { value: Math.round(catalogue.rps), unit: 'req/s', label: 'catalogue only, same server' },
      },
      {
        name: `Mixed load on ${kind}: errors, timeouts and non-2xx`,
        value: failures,
        unit: 'responses',
        goal: '0',
        ok: failures === 0,
      },
    ];
  } finally {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function postgresScenario(): Promise<BenchResult[]> {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ts_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`  PostgreSQL skipped: ${(error as Error).message}`);
    return [];
  }
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await scenario('postgres', { BENCH_PG_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export default async function mixedBench(): Promise<BenchResult[]> {
  return [...(await scenario('pglite', {})), ...(await postgresScenario())];
}
