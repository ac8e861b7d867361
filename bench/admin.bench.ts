// `npm run bench admin`: GET /api/admin/stats and the first page of GET /api/admin/students on PostgreSQL with
// 50,000 students, 200 courses (20 modules each) and 2,000,000 module-progress rows, generated in SQL
// (INSERT … SELECT generate_series) into a database of its own on TEST_DATABASE_URL's server.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';
import { benchConfig } from './config.ts';
import type { BenchResult } from './run.ts';

const STUDENTS = 50_000;
const COURSES = 200;
const MODULES_PER_COURSE = 20;
const COURSES_PER_STUDENT = 2; // 50,000 × 2 × 20 = 2,000,000 progress rows
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const GOAL_MS = 100;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!.toFixed(1));
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run();
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await run();
    out.push(performance.now() - start);
  }
  return out;
}

export default async function adminBench(): Promise<BenchResult[]> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('  skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run the admin benchmark');
    return [];
  }
  const name = `bench_admin_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
    const db = database.db;
    const started = performance.now();
    await db.execute(sql`
      INSERT INTO courses (title, description, course_type, "order")
      SELECT 'Course ' || g, 'Generated', CASE WHEN g % 2 = 0 THEN 'fundamental' ELSE 'upskill' END, g
      FROM generate_series(1, ${COURSES}) g`);
    await db.execute(sql`
      INSERT INTO modules (course_id, title, description, "order", duration)
      SELECT c.id, 'Module ' || g, 'Generated', g, 60 FROM courses c, generate_series(1, ${MODULES_PER_COURSE}) g`);
    await db.execute(sql`
      INSERT INTO users (email, password_hash, first_name, last_name, role, last_login_at, created_at)
      SELECT 'student' || g || '@bench.test', 'x', 'First' || g, 'Last' || g, 'student',
             CASE WHEN g % 3 = 0 THEN NULL ELSE now() - (g % 60) * interval '1 day' END,
             now() - g * interval '1 minute'
      FROM generate_series(1, ${STUDENTS}) g`);
    await db.execute(sql`
      INSERT INTO enrolments (user_id, course_id, source)
      SELECT u.id, c.id, 'admin'
      FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS rn FROM users WHERE role = 'student') u
      JOIN generate_series(0, ${COURSES_PER_STUDENT - 1}) k ON true
      JOIN (SELECT id, row_number() OVER (ORDER BY "order") - 1 AS idx FROM courses) c
        ON c.idx = (u.rn * 7 + k * 31) % ${COURSES}`);
    await db.execute(sql`
      INSERT INTO module_progress (user_id, module_id, progress_percentage, is_completed)
      SELECT e.user_id, m.id,
             CASE WHEN (hashtext(e.user_id::text) + m."order") % 5 < 2 THEN 100 ELSE (m."order" * 5) % 100 END,
             (hashtext(e.user_id::text) + m."order") % 5 < 2
      FROM enrolments e JOIN modules m ON m.course_id = e.course_id`);
    await db.execute(sql`VACUUM ANALYZE`);
    const counts = await db.execute(
      sql`SELECT (SELECT count(*) FROM users WHERE role = 'student')::int AS s, (SELECT count(*) FROM courses)::int AS c, (SELECT count(*) FROM module_progress)::int AS p`,
    );
    const row = ((counts as unknown as { rows: unknown[] }).rows[0] ?? {}) as {
      s: number;
      c: number;
      p: number;
    };
    console.log(
      `  generated ${row.s} students, ${row.c} courses, ${row.p} progress rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const app = await buildApp(benchConfig(), { database }, { clientDir: '/nonexistent' });
    await app.ready();
    await db.insert(users).values({
      email: 'bench-admin@bench.test',
      passwordHash: await hashPassword('BenchAdmin123!'),
      role: 'admin',
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'bench-admin@bench.test', password: 'BenchAdmin123!' },
    });
    const cookie = `ts_session=${login.cookies.find((c) => c.name === 'ts_session')!.value}`;
    const get = (path: string) => async () => {
      const res = await app.inject({ url: path, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    };

    const stats = p95(await timed(get('/api/admin/stats')));
    const firstPage = p95(await timed(get('/api/admin/students?page=1&pageSize=25')));
    const search = p95(await timed(get('/api/admin/students?search=first4242&page=1&pageSize=25')));
    // Baseline: the cheapest request through the same app, session check included.
    const baseline = p95(await timed(get('/api/user')));
    console.log(
      `  p95: stats ${stats} ms, students page 1 ${firstPage} ms, search ${search} ms, GET /api/user ${baseline} ms`,
    );
    await app.close();
    const base = { value: baseline, unit: 'ms', label: 'GET /api/user p95 (session lookup only)' };
    return [
      {
        name: 'GET /api/admin/stats p95 (50k students, 2M progress rows)',
        value: stats,
        unit: 'ms',
        baseline: base,
        goal: `< ${GOAL_MS} ms`,
        ok: stats < GOAL_MS,
      },
      {
        name: 'GET /api/admin/students first page p95',
        value: firstPage,
        unit: 'ms',
        baseline: base,
        goal: `< ${GOAL_MS} ms`,
        ok: firstPage < GOAL_MS,
      },
      {
        name: 'GET /api/admin/students search p95',
        value: search,
        unit: 'ms',
        baseline: base,
        goal: `< ${GOAL_MS} ms`,
        ok: search < GOAL_MS,
      },
    ];
  } finally {
    await database.close();
    // BENCH_KEEP_DB=1 leaves the generated database behind for EXPLAIN ANALYZE in psql (drop it yourself).
    if (process.env.BENCH_KEEP_DB === '1') console.log(`  kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
