import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { courseInstructors, courseReviews, courses, enrolments, users } from '#server/db/schema/index.ts';
import { courseContentChanged } from '#server/lib/change-notifications.service.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import { createModule, createTopic, createUser } from '#server/test/factories.ts';
import { createTestDatabase } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';

// The server-rendered course page and the reviews (docs/product.md#reviews, #public-site): the handed-over query
// cache carries the real average, count, reviews and curriculum; the JSON-LD has aggregateRating only with real
// reviews; a new review shows on the next page load. A mistyped certificate code gets the branded 404 page.
// The React markup itself is rendered by the real server entry in tests/e2e/storefront-reviews.spec.ts.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-course-page-'));
const clientDir = path.join(dir, 'client');
const serverEntryFile = path.join(dir, 'entry-server.mjs');

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let courseId: string;
let userIds: string[];

beforeAll(async () => {
  fs.mkdirSync(clientDir, { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    serverEntryFile,
    'export async function render(url, queries) { return { html: "<main></main>", state: { queries } }; }',
  );
  database = await createTestDatabase();
  const [course] = await database.db
    .insert(courses)
    .values({ title: 'Kerbs and Edgings', description: 'Lay kerbs.' })
    .returning();
  courseId = course!.id;
  const mod = await createModule(database.db, courseId, 1, 'Setting out');
  await createTopic(database.db, mod.id, 1, { title: 'Pegs and lines', videoDurationSeconds: 312 });
  await createTopic(database.db, mod.id, 2, { title: 'Haunching' });
  userIds = [];
  for (const name of ['Pat', 'Lee']) {
    const user = await createUser(database.db, { firstName: name, lastName: 'Brown' });
    await database.db.insert(enrolments).values({ userId: user.id, courseId, source: 'purchase' });
    userIds.push(user.id);
  }
  app = await buildApp(testConfig(), { database }, { clientDir, serverEntryFile });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function coursePage() {
  const html = (await app.inject({ url: `/courses/${courseId}` })).body;
  const block = html.match(/<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/)![1]!;
  const queries = (JSON.parse(block) as { queries: { queryKey: unknown[]; data: unknown }[] }).queries;
  const find = (key: string) => queries.find((q) => JSON.stringify(q.queryKey).includes(key))?.data;
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return { catalogue: find('available') as { id: string; rating: unknown }[], find, ld: ld[0]! };
}

describe('the server-rendered course page', () => {
  it('with no reviews: rating null, no aggregateRating, the curriculum with durations', async () => {
    const page = await coursePage();
    expect(page.catalogue.find((c) => c.id === courseId)?.rating).toBeNull();
    expect(page.find('"reviews"')).toEqual({ average: null, count: 0, items: [] });
    expect(page.ld).not.toHaveProperty('aggregateRating');
    expect(page.find('"curriculum"')).toEqual({
      modules: [
        {
          title: 'Setting out',
          duration: 0,
          topics: [
            { title: 'Pegs and lines', videoSeconds: 312 },
            { title: 'Haunching', videoSeconds: null },
          ],
        },
      ],
      instructor: null,
    });
  });

  it('a new review shows on the next load: the average, the count and aggregateRating', async () => {
    await coursePage(); // the catalogue is cached now
    await database.db
      .insert(courseReviews)
      .values({ courseId, userId: userIds[0]!, rating: 5, body: 'Great' });
    // What the reviews service does after each write (reviews.test.ts goes through the API).
    await invalidate(database, 'catalog');
    await database.db
      .insert(courseReviews)
      .values({ courseId, userId: userIds[1]!, rating: 2, body: 'Slow' });
    await invalidate(database, 'catalog');
    const page = await coursePage();
    expect(page.catalogue.find((c) => c.id === courseId)?.rating).toEqual({ average: 3.5, count: 2 });
    expect(page.find('"reviews"')).toMatchObject({ average: 3.5, count: 2 });
    expect(page.ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('names the instructor once one is assigned, and not once they lose the role', async () => {
    const instructor = await createUser(database.db, {
      role: 'staff',
      staffRoles: ['instructor'],
      firstName: 'Morgan',
      lastName: 'Kerr',
      jobTitle: 'Groundworks supervisor',
    });
    // Written directly here; the services that assign instructors and change roles also announce the change, so
    // cached course pages are made afresh (README 'Performance').
    await database.db.insert(courseInstructors).values({ courseId, userId: instructor.id });
    await courseContentChanged(database);
    expect((await coursePage()).find('"curriculum"')).toMatchObject({
      instructor: { name: 'Morgan Kerr', title: 'Groundworks supervisor' },
    });
    await database.db.update(users).set({ staffRoles: [] }).where(eq(users.id, instructor.id));
    await courseContentChanged(database);
    expect((await coursePage()).find('"curriculum"')).toMatchObject({ instructor: null });
  });

  it('the curriculum API answers 404 for an unknown course', async () => {
    const res = await api(app).get('/api/courses/00000000-0000-4000-8000-000000000000/curriculum');
    expect(res.statusCode).toBe(404);
    expect((await api(app).get(`/api/courses/${courseId}/curriculum`)).statusCode).toBe(200);
  });
});

describe('a mistyped certificate code', () => {
  it("shows the branded 'Certificate not found' page with 404, also for a malformed code", async () => {
    for (const code of ['NoSuchCode123', 'has.dot', 'x'.repeat(80), '%E2%9C%93']) {
      const res = await app.inject({ url: `/certificates/${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Certificate not found');
      expect(res.body).toContain('TradeSkills');
      expect(res.body).not.toContain('"code"');
    }
  });
});
