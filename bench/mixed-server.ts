// The server process for `npm run bench mixed` (bench/mixed.bench.ts): a real app on PGlite (a temporary
// DATA_DIR, as the embedded default runs) or on PostgreSQL (BENCH_PG_URL, an empty database), serving the built
// web app (dist/, server-rendered public pages) and running the background workers as `npm start` does (so the
// job runner turns each message into the admin's notification while the load goes on), with demo content, the demo
// student signed in, and students signed in with one conversation each with an admin. Prints one JSON line with
// what the load needs.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { courses, users } from '#server/db/schema/index.ts';
import { seedDemo } from '#server/db/seed.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';
import { startWorkers } from '#server/workers.ts';
import { benchConfig } from './config.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 40);
const databaseUrl = process.env.BENCH_PG_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-mixed-'));
const database = await openDatabase({ databaseUrl, dataDir });
await database.migrate();
const demo = await seedDemo(database.db, { studentPassword: 'BenchPass123!' });
const passwordHash = await hashPassword('BenchPass123!');
const [admin] = await database.db
  .insert(users)
  .values({ role: 'admin', email: 'bench-admin@example.com', firstName: 'Ada', passwordHash })
  .returning({ id: users.id });
const created = await database.db
  .insert(users)
  .values(
    Array.from({ length: STUDENTS }, (_, i) => ({
      role: 'student' as const,
      email: `bench-student-${i}@example.com`,
      firstName: `Student ${i}`,
      passwordHash,
    })),
  )
  .returning({ email: users.email });

const config = benchConfig({ dataDir });
const app = await buildApp(config, { database });
await app.listen({ port: 0, host: '127.0.0.1' });

const sessions: { cookie: string; conversationId: string }[] = [];
for (const { email } of created) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: 'BenchPass123!' },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const conversation = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie },
    payload: { participantIds: [admin!.id] },
  });
  sessions.push({ cookie, conversationId: conversation.json().id });
}
const learnerLogin = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: demo.studentEmail, password: demo.studentPassword },
});
const learner = learnerLogin.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const [course] = await database.db
  .select({ id: courses.id })
  .from(courses)
  .where(eq(courses.isActive, true))
  .orderBy(asc(courses.order))
  .limit(1);
const workers = startWorkers(app);
const port = (app.server.address() as AddressInfo).port;
process.stdout.write(
  `${JSON.stringify({ port, kind: database.kind, sessions, learner, courseId: course!.id })}\n`,
);

const stop = async () => {
  await workers.stop();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
