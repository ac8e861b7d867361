// Signed-in GET /api/modules on PostgreSQL, side by side with a bare node:http server answering the same bytes,
// both driven by autocannon at 50 connections in alternating rounds of the same run. Goal: at least 0.3 of the bare server's
// requests per second, and p99 under 25 ms.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';
import { enrol } from '#server/test/factories.ts';
import { buildCourse } from '#server/test/fixtures/learning-course.ts';
import { benchConfig } from './config.ts';
import type { BenchResult } from './run.ts';

const CONNECTIONS = 50;
const DURATION_S = 5;
const ROUNDS = Number(process.env.BENCH_LEARNING_ROUNDS ?? 3);

function run(url: string, headers: Record<string, string> = {}) {
  // autocannon runs in a worker thread so it does not compete with the server for this event loop.
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, workers: 1 });
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export default async function learningBench(): Promise<BenchResult[]> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('learning.bench needs TEST_DATABASE_URL (a PostgreSQL server)');
  const name = `ts_bench_learning_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
    const fx = await buildCourse(database.db, 'Bench course');
    const password = 'BenchPass123!';
    const [student] = await database.db
      .insert(users)
      .values({ email: 'bench@example.com', passwordHash: await hashPassword(password), role: 'student' })
      .returning({ id: users.id });
    await enrol(database.db, student!.id, fx.course.id);

    const app = await buildApp(
      benchConfig({ dataDir: '.tmp/bench-learning' }),
      { database },
      { clientDir: '/nonexistent' },
    );
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const sample = await fetch(`${base}/api/modules`, { headers: { cookie } });
    if (sample.status !== 200) throw new Error(`GET /api/modules answered ${sample.status}`);
    const body = Buffer.from(await sample.arrayBuffer());

    const bare = http.createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      res.end(body);
    });
    const bareUrl = await listen(bare);

    // Warm both up, then measure in alternating rounds (bare, ours; ours, bare; ...): a busy neighbour slows both
    // sides of a round alike, and the median round's ratio is reported (BENCH_LEARNING_ROUNDS, 3 by default).
    await autocannon({ url: `${base}/api/modules`, connections: 10, duration: 2, headers: { cookie } });
    await autocannon({ url: bareUrl, connections: 10, duration: 2 });
    const ratios: number[] = [];
    const mean = { ours: 0, bare: 0 };
    let p99 = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const measureOurs = async () => {
        const result = await run(`${base}/api/modules`, { cookie });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`GET /api/modules failed ${result.non2xx + result.errors} times`);
        p99 = Math.max(p99, result.latency.p99);
        return result.requests.average;
      };
      const measureBare = async () => (await run(bareUrl)).requests.average;
      const [first, second] = round % 2 ? [measureOurs, measureBare] : [measureBare, measureOurs];
      const a = await first();
      const b = await second();
      const [ours, bareRps] = round % 2 ? [a, b] : [b, a];
      ratios.push(ours / bareRps);
      mean.ours += ours / ROUNDS;
      mean.bare += bareRps / ROUNDS;
    }
    // For context: the session lookup every signed-in route pays, measured alone.
    const authOnly = await run(`${base}/api/user`, { cookie });
    bare.close();
    await app.close();

    const ratio = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)]!;
    console.log(
      `  GET /api/modules: ${mean.ours.toFixed(0)} req/s, bare node:http: ${mean.bare.toFixed(0)} req/s; ratio per round ${ratios.map((r) => r.toFixed(3)).join(', ')}`,
    );
    return [
      {
        name: 'learning: signed-in GET /api/modules (PostgreSQL)',
        value: Math.round(mean.ours),
        unit: 'req/s',
        baseline: { value: Math.round(mean.bare), unit: 'req/s', label: 'bare node:http, same bytes' },
        goal: '≥ 0.3 × baseline',
        ok: ratio >= 0.3,
      },
      {
        name: 'learning: GET /api/modules ÷ bare node:http',
        value: ratio,
        unit: '×',
        goal: '≥ 0.3',
        ok: ratio >= 0.3,
      },
      {
        name: 'learning: GET /api/modules ÷ signed-in GET /api/user (session lookup alone)',
        value: mean.ours / authOnly.requests.average,
        unit: '×',
        baseline: { value: authOnly.requests.average, unit: 'req/s', label: 'GET /api/user' },
      },
      {
        name: `learning: GET /api/modules p99 at ${CONNECTIONS} connections (the worst round)`,
        value: p99,
        unit: 'ms',
        goal: '< 25 ms',
        ok: p99 < 25,
      },
    ];
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
