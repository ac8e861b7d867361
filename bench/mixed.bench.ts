// `npm run bench mixed`: a busy day against a real server process serving the built web app, on PGlite (the
// embedded default) and on PostgreSQL (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// skipped if unreachable). Three classes of client at once, each its own autocannon:
// - public: 100 connections on the server-rendered pages (/, both listings, a course page), compressed, as visitors;
// - signed-in: 70 connections on one learner's session reading modules, user, courses and the unread count;
// - writers: 30 connections posting messages (40 students, one conversation each).
// Side by side in the same run, on the same server: the signed-in and writer classes without the public load.
// BENCH_PROF=1 writes a CPU profile of each server process to /tmp/prof/mixed (node --cpu-prof).
// Goals (README 'Performance'): 0 errors and timeouts, p99 under 1 s for every class, and signed-in throughput
// at least half of its figure without the public load, on both databases.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchResult } from './run.ts';

const DURATION_S = Number(process.env.BENCH_MIXED_DURATION ?? 30);
const ROOT = path.resolve(import.meta.dirname, '..');
const CLASSES = { public: 100, signedIn: 70, writers: 30 } as const;
type ClassName = keyof typeof CLASSES;

interface Setup {
  port: number;
  kind: 'pglite' | 'postgres';
  sessions: { cookie: string; conversationId: string }[];
  learner: string;
  courseId: string;
}

async function startServer(env: Record<string, string>): Promise<{ setup: Setup; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof/mixed'] : []),
      '--import',
      'tsx',
      path.join('bench', 'mixed-server.ts'),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
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
  /** The second of the run (from its start) whose requests included the slowest response, and that response. */
  slowest: { second: number; ms: number };
}

function requestsFor(setup: Setup, name: ClassName): autocannon.Request[] {
  if (name === 'public') {
    const headers = { 'accept-encoding': 'br, gzip' };
    return ['/', '/fundamental-courses', '/upskill-courses', `/courses/${setup.courseId}`].map((p) => ({
      method: 'GET',
      path: p,
      headers,
    }));
  }
  if (name === 'signedIn') {
    const headers = { cookie: setup.learner };
    return ['/api/modules', '/api/user', '/api/user/courses', '/api/conversations/unread-count'].map((p) => ({
      method: 'GET',
      path: p,
      headers,
    }));
  }
  let next = 0;
  type Ctx = { session?: Setup['sessions'][number] };
  return [
    {
      method: 'POST',
      path: '/api/messages',
      setupRequest: ((req: autocannon.Request, ctx: Ctx) => {
        ctx.session ??= setup.sessions[next++ % setup.sessions.length];
        return {
          ...req,
          headers: { ...req.headers, cookie: ctx.session!.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ conversationId: ctx.session!.conversationId, content: 'Bench message' }),
        };
      }) as never,
    },
  ];
}

/** Starts one class's autocannon and notes its slowest response and the second of the run it was sent in. */
function loadClass(setup: Setup, name: ClassName, duration: number) {
  const started = performance.now();
  const slowest = { second: 0, ms: 0 };
  return new Promise<{ result: autocannon.Result; slowest: Run['slowest'] }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${setup.port}`,
        connections: CLASSES[name],
        duration,
        timeout: 10,
        requests: requestsFor(setup, name),
      },
      (error, result) => (error ? reject(error) : resolve({ result, slowest })),
    );
    instance.on('response', (_client, _status, _bytes, ms: number) => {
      if (ms <= slowest.ms) return;
      slowest.ms = Math.round(ms);
      slowest.second = Math.max(0, Math.floor((performance.now() - started - ms) / 1000));
    });
  });
}

async function load(setup: Setup, classes: ClassName[], duration: number): Promise<Record<string, Run>> {
  const runs = await Promise.all(classes.map((name) => loadClass(setup, name, duration)));
  return Object.fromEntries(
    runs.map(({ result, slowest }, i) => [
      classes[i]!,
      {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        slowest,
      },
    ]),
  );
}

function summary(label: string, run: Run): string {
  return `${label}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.errors} errors (${run.timeouts} timeouts), ${run.non2xx} non-2xx; slowest ${run.slowest.ms} ms, sent in second ${run.slowest.second}`;
}

async function scenario(kind: 'pglite' | 'postgres', env: Record<string, string>): Promise<BenchResult[]> {
  const { setup, child } = await startServer(env);
  try {
    const ready = performance.now();
    const since = () => ((performance.now() - ready) / 1000).toFixed(0);
    await load(setup, ['public', 'signedIn', 'writers'], 2); // warm-up: caches, JIT, the renderer
    const quietFrom = since();
    const quiet = await load(setup, ['signedIn', 'writers'], DURATION_S);
    const busyFrom = since();
    const busy = await load(setup, ['public', 'signedIn', 'writers'], DURATION_S);
    console.log(
      `  ${kind}: the load without the public one from ${quietFrom} s after start, the busy day from ${busyFrom} s`,
    );
    for (const [name, run] of Object.entries(quiet))
      console.log(`  ${kind} ${summary(`${name}, no public load`, run)}`);
    for (const [name, run] of Object.entries(busy))
      console.log(`  ${kind} ${summary(`${name}, busy day`, run)}`);
    const results: BenchResult[] = [];
    for (const name of ['public', 'signedIn', 'writers'] as const) {
      const run = busy[name]!;
      const failures = run.errors + run.non2xx;
      results.push(
        {
          name: `Busy day on ${kind}: ${name} (${CLASSES[name]} connections) p99`,
          value: run.p99,
          unit: 'ms',
          baseline: quiet[name] && { value: quiet[name].p99, unit: 'ms', label: 'no public load' },
          goal: '< 1000 ms',
          ok: run.p99 < 1000,
        },
        {
          name: `Busy day on ${kind}: ${name} errors, timeouts and non-2xx`,
          value: failures,
          unit: 'responses',
          goal: '0',
          ok: failures === 0,
        },
      );
    }
    const ratio = busy.signedIn!.rps / quiet.signedIn!.rps;
    results.push(
      {
        name: `Busy day on ${kind}: signed-in throughput with the public load ÷ without`,
        value: Number(ratio.toFixed(2)),
        unit: '×',
        baseline: { value: Math.round(quiet.signedIn!.rps), unit: 'req/s', label: 'no public load' },
        goal: '>= 0.5',
        ok: ratio >= 0.5,
      },
      {
        name: `Busy day on ${kind}: public pages throughput`,
        value: Math.round(busy.public!.rps),
        unit: 'req/s',
      },
      {
        name: `Busy day on ${kind}: message writes throughput`,
        value: Math.round(busy.writers!.rps),
        unit: 'req/s',
        baseline: { value: Math.round(quiet.writers!.rps), unit: 'req/s', label: 'no public load' },
      },
    );
    return results;
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
  // The server renders the public pages from the production build (dist/client, dist/server).
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('vite build failed');
  return [...(await scenario('pglite', {})), ...(await postgresScenario())];
}
