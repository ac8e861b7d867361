// Signed-in GET /api/modules on PostgreSQL, side by side with a bare node:http server answering the same bytes,
// both driven by autocannon at 50 connections in short slices in turning order, pooled (bench/slices.ts). Goal: at
// least 0.3 of the bare server's requests per second, and p99 under 25 ms.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';
import { enrol } from '#server/test/factories.ts';
import { buildCourse } from '#server/test/fixtures/learning-course.ts';
import { benchConfig } from './config.ts';
import type { BenchResult } from './run.ts';
import { interleaved, spread } from './slices.ts';

const CONNECTIONS = 50;
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 2);
const ROUNDS = Number(process.env.BENCH_LEARNING_ROUNDS ?? 10);

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

    // Rounds in turning order, 2 s a side a round, pooled; for context, the session lookup every signed-in route
    // pays, measured alone (GET /api/user) in the same rounds.
    const pooled = await interleaved(
      {
        ours: { url: `${base}/api/modules`, headers: { cookie } },
        bare: { url: bareUrl },
        authOnly: { url: `${base}/api/user`, headers: { cookie } },
      },
      { rounds: ROUNDS, sliceS: SLICE_S, connections: CONNECTIONS },
    );
    const mean = pooled.rate;
    const p99 = pooled.p99.ours;
    bare.close();
    await app.close();

    const ratio = Number((mean.ours / mean.bare).toFixed(3));
    console.log(
      `  GET /api/modules: ${mean.ours.toFixed(0)} req/s, bare node:http: ${mean.bare.toFixed(0)} req/s; ${ROUNDS} rounds of ${SLICE_S} s, ratio per round ${spread(pooled.ratios('ours', 'bare'))}`,
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
        value: Number((mean.ours / mean.authOnly).toFixed(3)),
        unit: '×',
        baseline: { value: Math.round(mean.authOnly), unit: 'req/s', label: 'GET /api/user' },
      },
      {
        name: `learning: GET /api/modules p99 at ${CONNECTIONS} connections (the worst slice)`,
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
