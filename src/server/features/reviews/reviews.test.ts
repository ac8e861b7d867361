import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseReviews, enrolments, topicProgress } from '#server/db/schema/index.ts';
import { createCourse, createModule, createTopic } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';

// Verified reviews (docs/product.md#reviews): who may review (a payment or a seat, 30% of the topics), one
// review per learner edited in place, published at once, the average everywhere, removal with a reason.

let t: TestContext;
let adminCookie: string;
let courseId: string;
let topicIds: string[];

/** A learner enrolled by `source` with `done` of the course's 10 topics completed; returns their cookie. */
async function learner(
  source: 'purchase' | 'team' | 'admin' | 'seed' | null,
  done: number,
  lastName = 'Jones',
) {
  const user = await t.createUser({ firstName: 'Alex', lastName });
  if (source) await t.db.insert(enrolments).values({ userId: user.id, courseId, source });
  if (done > 0) {
    await t.db
      .insert(topicProgress)
      .values(
        topicIds.slice(0, done).map((topicId) => ({ userId: user.id, topicId, completedAt: new Date() })),
      );
  }
  return { user, cookie: await t.login(user) };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'admin' });
  adminCookie = await t.login(admin);
  const course = await createCourse(t.db, 'Reviewed Course');
  courseId = course.id;
  // 10 topics over two modules: 3 done is exactly 30%.
  const first = await createModule(t.db, courseId, 1);
  const second = await createModule(t.db, courseId, 2);
  topicIds = [];
  for (let i = 1; i <= 10; i++) topicIds.push((await createTopic(t.db, i <= 5 ? first.id : second.id, i)).id);
});
afterAll(async () => {
  await t.close();
});

const review = { rating: 4, body: 'Clear lessons and a fair quiz.' };

describe('who may review', () => {
  it('refuses a signed-out caller with 401', async () => {
    const res = await api(t.app).post(`/api/courses/${courseId}/reviews`, review);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a learner enrolled by an admin, by the demo seed or not at all: NOT_VERIFIED_LEARNER', async () => {
    for (const source of ['admin', 'seed', null] as const) {
      const { cookie } = await learner(source, 10);
      const res = await api(t.app, { cookie }).post(`/api/courses/${courseId}/reviews`, review);
      expect(res.statusCode, String(source)).toBe(403);
      expect(res.json().code).toBe('NOT_VERIFIED_LEARNER');
    }
  });

  it('refuses an admin (not a learner of the course)', async () => {
    const res = await api(t.app, { cookie: adminCookie }).post(`/api/courses/${courseId}/reviews`, review);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_VERIFIED_LEARNER');
  });

  it('at 29% progress: NOT_ENOUGH_PROGRESS; at 30%: published', async () => {
    // 29%: a course of 100 topics with 29 done, so the edge is exact and not a rounding accident.
    const big = await createCourse(t.db, 'Hundred Topics');
    const mod = await createModule(t.db, big.id, 1);
    const ids: string[] = [];
    for (let i = 1; i <= 100; i++) ids.push((await createTopic(t.db, mod.id, i)).id);
    const user = await t.createUser({ firstName: 'Edge', lastName: 'Case' });
    await t.db.insert(enrolments).values({ userId: user.id, courseId: big.id, source: 'purchase' });
    await t.db
      .insert(topicProgress)
      .values(ids.slice(0, 29).map((topicId) => ({ userId: user.id, topicId, completedAt: new Date() })));
    const cookie = await t.login(user);
    const refused = await api(t.app, { cookie }).post(`/api/courses/${big.id}/reviews`, review);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_ENOUGH_PROGRESS');
    const mine = await api(t.app, { cookie }).get(`/api/courses/${big.id}/reviews/mine`);
    expect(mine.json()).toMatchObject({
      eligible: false,
      reason: 'NOT_ENOUGH_PROGRESS',
      progressPercent: 29,
    });

    await t.db.insert(topicProgress).values({ userId: user.id, topicId: ids[29]!, completedAt: new Date() });
    const ok = await api(t.app, { cookie }).post(`/api/courses/${big.id}/reviews`, review);
    expect(ok.statusCode).toBe(201);
  });

  it('a topic opened but not completed does not count', async () => {
    const { user, cookie } = await learner('purchase', 2);
    await t.db.insert(topicProgress).values({ userId: user.id, topicId: topicIds[2]!, openedAt: new Date() });
    const res = await api(t.app, { cookie }).post(`/api/courses/${courseId}/reviews`, review);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_ENOUGH_PROGRESS');
  });

  it('a learner who paid, and one with a team seat, at 30% may review (201)', async () => {
    for (const source of ['purchase', 'team'] as const) {
      const { cookie } = await learner(source, 3);
      const res = await api(t.app, { cookie }).post(`/api/courses/${courseId}/reviews`, review);
      expect(res.statusCode, source).toBe(201);
      expect(res.json()).toMatchObject({ rating: 4, body: review.body, verified: true });
    }
  });

  it('refuses bad input: rating 0, 6, 3.5, a blank body, an unknown course', async () => {
    const { cookie } = await learner('purchase', 10);
    const caller = api(t.app, { cookie });
    for (const rating of [0, 6, 3.5]) {
      const res = await caller.post(`/api/courses/${courseId}/reviews`, { rating, body: 'x' });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await caller.post(`/api/courses/${courseId}/reviews`, { rating: 5, body: '   ' })).statusCode,
    ).toBe(400);
    const unknown = await caller.post('/api/courses/00000000-0000-4000-8000-000000000000/reviews', review);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('COURSE_NOT_FOUND');
  });
});

describe('one review per learner, published at once, in the average', () => {
  it('a second review edits the first (200); twice at once is still one review', async () => {
    const course = await createCourse(t.db, 'One Review Each');
    const mod = await createModule(t.db, course.id, 1);
    const topic = await createTopic(t.db, mod.id, 1);
    const user = await t.createUser({ firstName: 'Robin', lastName: 'smith' });
    await t.db.insert(enrolments).values({ userId: user.id, courseId: course.id, source: 'purchase' });
    await t.db.insert(topicProgress).values({ userId: user.id, topicId: topic.id, completedAt: new Date() });
    const caller = api(t.app, { cookie: await t.login(user) });
    const url = `/api/courses/${course.id}/reviews`;

    const [a, b] = await Promise.all([
      caller.post(url, { rating: 2, body: 'Too short.' }),
      caller.post(url, { rating: 3, body: 'Short.' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const edited = await caller.post(url, { rating: 1, body: 'Not for me.' });
    expect(edited.statusCode).toBe(200);
    const rows = await t.db.select().from(courseReviews).where(eq(courseReviews.courseId, course.id));
    expect(rows).toHaveLength(1);

    // A negative review is published like any other, with a first name and initial only.
    const list = await api(t.app).get(url);
    expect(list.json()).toMatchObject({
      average: 1,
      count: 1,
      items: [{ rating: 1, body: 'Not for me.', authorName: 'Robin S.', verified: true }],
    });
    expect(list.json().items[0]).toHaveProperty('createdAt');
    expect(list.body).not.toContain(user.email);
  });

  it('the catalogue and the server-rendered data carry the real average and count, updated at once', async () => {
    const course = await createCourse(t.db, 'Rated Course');
    const mod = await createModule(t.db, course.id, 1);
    const topic = await createTopic(t.db, mod.id, 1);
    const before = (await api(t.app).get('/api/courses/available')).json() as {
      id: string;
      rating: unknown;
    }[];
    expect(before.find((c) => c.id === course.id)?.rating).toBeNull();

    for (const rating of [5, 4, 4]) {
      const user = await t.createUser();
      await t.db.insert(enrolments).values({ userId: user.id, courseId: course.id, source: 'purchase' });
      await t.db
        .insert(topicProgress)
        .values({ userId: user.id, topicId: topic.id, completedAt: new Date() });
      const res = await api(t.app, { cookie: await t.login(user) }).post(
        `/api/courses/${course.id}/reviews`,
        {
          rating,
          body: `${rating} stars`,
        },
      );
      expect(res.statusCode).toBe(201);
    }
    const after = (await api(t.app).get('/api/courses/available')).json() as {
      id: string;
      rating: unknown;
    }[];
    expect(after.find((c) => c.id === course.id)?.rating).toEqual({ average: 4.3, count: 3 });
    const one = await api(t.app).get(`/api/courses/${course.id}`);
    expect(one.json().rating).toEqual({ average: 4.3, count: 3 });
    const list = await api(t.app).get(`/api/courses/${course.id}/reviews`);
    expect(list.json()).toMatchObject({ average: 4.3, count: 3 });
    expect(list.json().items).toHaveLength(3);
  });

  it('a course without reviews says so: average null, count 0', async () => {
    const course = await createCourse(t.db, 'Unreviewed');
    const res = await api(t.app).get(`/api/courses/${course.id}/reviews`);
    expect(res.json()).toEqual({ average: null, count: 0, items: [] });
  });
});

describe('reports and removal', () => {
  it('anyone may report a review (202); an unknown one is 404', async () => {
    const { cookie } = await learner('purchase', 3, 'Reported');
    const created = await api(t.app, { cookie }).post(`/api/courses/${courseId}/reviews`, review);
    const id = created.json().id as string;
    expect((await api(t.app).post(`/api/reviews/${id}/report`, { reason: 'Spam link' })).statusCode).toBe(
      202,
    );
    const unknown = await api(t.app).post('/api/reviews/00000000-0000-4000-8000-000000000000/report', {
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await api(t.app).post(`/api/reviews/${id}/report`, { reason: '' })).statusCode).toBe(400);

    const admin = api(t.app, { cookie: adminCookie });
    const listed = (await admin.get('/api/admin/reviews')).json() as { id: string; reports: unknown[] }[];
    expect(listed.find((r) => r.id === id)?.reports).toEqual([
      { reason: 'Spam link', createdAt: expect.any(String) },
    ]);
  });

  it('an admin removes a review for a policy reason: recorded, gone from the page and the average', async () => {
    const course = await createCourse(t.db, 'Moderated');
    const mod = await createModule(t.db, course.id, 1);
    const topic = await createTopic(t.db, mod.id, 1);
    const ids: string[] = [];
    for (const rating of [5, 1]) {
      const user = await t.createUser();
      await t.db.insert(enrolments).values({ userId: user.id, courseId: course.id, source: 'team' });
      await t.db
        .insert(topicProgress)
        .values({ userId: user.id, topicId: topic.id, completedAt: new Date() });
      const res = await api(t.app, { cookie: await t.login(user) }).post(
        `/api/courses/${course.id}/reviews`,
        {
          rating,
          body: 'text',
        },
      );
      ids.push(res.json().id);
    }
    const { cookie: studentCookie } = await learner('purchase', 3, 'Nosy');
    const path = `/api/admin/reviews/${ids[0]}/remove`;
    expect((await api(t.app).post(path, { reason: 'x' })).statusCode).toBe(401);
    expect((await api(t.app, { cookie: studentCookie }).post(path, { reason: 'x' })).statusCode).toBe(403);
    const admin = api(t.app, { cookie: adminCookie });
    expect((await admin.post(path, { reason: '' })).statusCode).toBe(400);
    const removed = await admin.post(path, { reason: 'Contains personal data' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      removalReason: 'Contains personal data',
      removedAt: expect.any(String),
    });
    const again = await admin.post(path, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REVIEW_ALREADY_REMOVED');

    const list = await api(t.app).get(`/api/courses/${course.id}/reviews`);
    expect(list.json()).toMatchObject({ average: 1, count: 1 });
    expect(list.json().items.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const catalogue = (await api(t.app).get('/api/courses/available')).json() as {
      id: string;
      rating: unknown;
    }[];
    expect(catalogue.find((c) => c.id === course.id)?.rating).toEqual({ average: 1, count: 1 });
    const [row] = await t.db.select().from(courseReviews).where(eq(courseReviews.id, ids[0]!));
    expect(row!.removalReason).toBe('Contains personal data');
    expect(row!.removedBy).not.toBeNull();
  });
});
