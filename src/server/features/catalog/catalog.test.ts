import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, modules, topics } from '#server/db/schema/index.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let activeId: string;
let inactiveId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await t.db
    .insert(courses)
    .values([
      {
        title: 'Drainage Systems Fundamentals',
        description: 'Below-ground drainage.',
        pricePence: 99500,
        originalPricePence: 119900,
        monthlyPricePence: 19999,
        instalments: 6,
        avgSalary: 32000,
        estimatedDuration: 6,
        isFeatured: true,
        order: 1,
      },
      {
        title: 'EV Charger Installation',
        description: 'Chargers.',
        courseType: 'upskill',
        difficulty: 'intermediate',
        isActive: false,
        pricePence: 120000,
        order: 2,
      },
    ])
    .returning({ id: courses.id });
  activeId = a!.id;
  inactiveId = b!.id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/courses/available', () => {
  it('lists active and inactive courses with the spec fields and prices as pound strings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/available' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((c) => c.title)).toEqual(['Drainage Systems Fundamentals', 'EV Charger Installation']);
    const drainage = list[0]!;
    expect(drainage).toMatchObject({
      id: activeId,
      price: '995.00',
      originalPrice: '1199.00',
      monthlyPrice: '199.99',
      instalments: 6,
      avgSalary: 32000,
      isFeatured: true,
      isActive: true,
      courseType: 'fundamental',
      order: 1,
      featuredImagePath: null,
    });
    expect(Object.keys(drainage)).not.toContain('pricePence');
    expect(Object.keys(drainage)).not.toContain('createdAt');
    expect(list[1]).toMatchObject({ id: inactiveId, isActive: false, monthlyPrice: '200.00' });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/courses/available' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/courses/available',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the cache until an admin write invalidates it', async () => {
    await t.app.inject({ method: 'GET', url: '/api/courses/available' });
    await t.db.update(courses).set({ title: 'Drainage Systems (renamed)' }).where(eq(courses.id, activeId));
    const cached = await t.app.inject({ method: 'GET', url: '/api/courses/available' });
    expect(cached.json()[0].title).toBe('Drainage Systems Fundamentals');
    await invalidate(t.database, 'catalog');
    const fresh = await t.app.inject({ method: 'GET', url: '/api/courses/available' });
    expect(fresh.json()[0].title).toBe('Drainage Systems (renamed)');
    await t.db
      .update(courses)
      .set({ title: 'Drainage Systems Fundamentals' })
      .where(eq(courses.id, activeId));
    await invalidate(t.database, 'catalog');
  });
});

describe('GET /api/courses/:id', () => {
  it('returns one course', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/${activeId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: activeId, title: 'Drainage Systems Fundamentals' });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 for %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Course not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/courses/:id/preview', () => {
  it("falls back to the course's description when it has no topics, then shows the first topic", async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/courses/${activeId}/preview` });
    expect(none.json()).toEqual({
      title: 'Drainage Systems Fundamentals',
      description: 'Below-ground drainage.',
      videoUrl: null,
    });
    const [m2, m1] = await t.db
      .insert(modules)
      .values([
        { courseId: activeId, title: 'Second', description: 'd', order: 2 },
        { courseId: activeId, title: 'First', description: 'd', order: 1 },
      ])
      .returning({ id: modules.id });
    await t.db.insert(topics).values([
      { moduleId: m2!.id, title: 'Later topic', description: 'later', order: 1 },
      { moduleId: m1!.id, title: 'Second topic', description: 'two', order: 2 },
      { moduleId: m1!.id, title: 'Intro', description: 'Start here', order: 1, videoPath: '/objects/v.mp4' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/${activeId}/preview` });
    expect(res.json()).toEqual({ title: 'Intro', description: 'Start here', videoUrl: '/objects/v.mp4' });
  });

  it('answers 404 for an unknown course', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/nope/preview' });
    expect(res.statusCode).toBe(404);
  });
});

describe('security headers on the catalogue route', () => {
  it('sends the API set: a CSP that loads nothing and refuses framing, nosniff, same-origin resources', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/api/user' });
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/available' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'cross-origin-resource-policy',
    ]) {
      expect(other.headers[name], name).toBeDefined();
      expect(res.headers[name], name).toBe(other.headers[name]);
    }
    // A page's own headers stay on pages.
    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
