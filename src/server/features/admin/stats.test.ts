import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courses,
  enrolments,
  moduleProgress,
  modules,
  payments,
  resourceAccessEvents,
  topics,
} from '#server/db/schema/index.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let admin: string;
const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
  // Students: s1 signed in today; s2 40 days ago; s3 today but deactivated; s4 never. The admin signed in too.
  const s1 = await t.createUser({ lastLoginAt: new Date() });
  const s2 = await t.createUser({ lastLoginAt: days(40) });
  const s3 = await t.createUser({ lastLoginAt: new Date(), isActive: false });
  await t.createUser(); // s4: never signed in
  const [a, b] = await t.db
    .insert(courses)
    .values([
      { title: 'A', description: 'a' },
      { title: 'B', description: 'b', courseType: 'upskill' },
    ])
    .returning();
  const [a1, , b1, b2] = await t.db
    .insert(modules)
    .values([
      { courseId: a!.id, title: 'A1', description: 'x' },
      { courseId: a!.id, title: 'A2', description: 'x' },
      { courseId: b!.id, title: 'B1', description: 'x' },
      { courseId: b!.id, title: 'B2', description: 'x' },
      { courseId: b!.id, title: 'B3', description: 'x' },
    ])
    .returning();
  // Enrolled student-module pairs: s1 in A (2) and B (3), s2 in A (2) → 7.
  await t.db.insert(enrolments).values([
    { userId: s1.id, courseId: a!.id },
    { userId: s1.id, courseId: b!.id },
    { userId: s2.id, courseId: a!.id },
  ]);
  // Completed: s1/A1, s1/B1, s2/A1 → 3. Not counted: s1/B2 is incomplete. (Progress only exists for enrolled
  // modules: the learning service refuses the rest.)
  await t.db.insert(moduleProgress).values([
    { userId: s1.id, moduleId: a1!.id, progressPercentage: '100', isCompleted: true },
    { userId: s1.id, moduleId: b1!.id, progressPercentage: '100', isCompleted: true },
    { userId: s1.id, moduleId: b2!.id, progressPercentage: '50', isCompleted: false },
    { userId: s2.id, moduleId: a1!.id, progressPercentage: '100', isCompleted: true },
  ]);
  const [tx, ty] = await t.db
    .insert(topics)
    .values([
      { moduleId: a1!.id, title: 'Trench safety', description: 'x' },
      { moduleId: a1!.id, title: 'Falls', description: 'x' },
    ])
    .returning();
  await t.db.insert(resourceAccessEvents).values([
    { userId: s1.id, topicId: tx!.id, resourceType: 'video' },
    { userId: s2.id, topicId: tx!.id, resourceType: 'presentation' },
    { userId: s2.id, topicId: tx!.id, resourceType: 'video', createdAt: days(10) },
    { userId: s3.id, topicId: ty!.id, resourceType: 'video' },
  ]);
  await t.db.insert(payments).values([
    {
      provider: 'test',
      providerIntentId: 'pi_1',
      courseId: a!.id,
      email: 'x@y.z',
      amountPence: 9999,
      status: 'succeeded',
      studentData: {},
    },
    {
      provider: 'test',
      providerIntentId: 'pi_2',
      courseId: a!.id,
      email: 'x@y.z',
      amountPence: 5000,
      status: 'failed',
      studentData: {},
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/stats', () => {
  it('matches the hand-computed figures', async () => {
    const res = await t.app.inject({ url: '/api/admin/stats', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalStudents: 4,
      activeStudents: 1,
      // 3 completed of 7 enrolled pairs.
      completionRate: 42.9,
      totalModules: 5,
      totalViews: 4,
      resourceStats: [
        { resourceId: expect.any(String), title: 'Trench safety', viewCount: 3, weeklyViews: 2 },
        { resourceId: expect.any(String), title: 'Falls', viewCount: 1, weeklyViews: 1 },
      ],
    });
  });
});

describe('GET /api/admin/analytics', () => {
  it('gives 12 weeks of enrolments and revenue and 30 days of views', async () => {
    const res = await t.app.inject({ url: '/api/admin/analytics', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weekly).toHaveLength(12);
    expect(body.weekly.at(-1)).toMatchObject({ enrolments: 3, revenue: '99.99' });
    expect(body.dailyViews).toHaveLength(30);
    expect(body.dailyViews.at(-1).views).toBe(3);
    expect(body.dailyViews.reduce((n: number, d: { views: number }) => n + d.views, 0)).toBe(4);
  });
});
