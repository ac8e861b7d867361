import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules, topics } from '#server/db/schema/index.ts';
import { seedDemo } from '#server/db/seed.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { objectStore: t.app.objectStore });
  const courses = (await t.app.inject({ url: '/api/courses/available' })).json() as {
    id: string;
    title: string;
  }[];
  courseId = courses.find((c) => c.title === 'Drainage Systems Fundamentals')!.id;
});
afterAll(async () => {
  await t.close();
});

describe('Preview Course video', () => {
  it("plays the first topic's video to a visitor, but no other lesson", async () => {
    const preview = (await t.app.inject({ url: `/api/courses/${courseId}/preview` })).json() as {
      videoUrl: string;
    };
    expect(preview.videoUrl).toMatch(/^\/objects\//);
    const first = await t.app.inject({ url: preview.videoUrl, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);

    const lessons = await t.db
      .select({ videoPath: topics.videoPath })
      .from(topics)
      .innerJoin(modules, eq(modules.id, topics.moduleId))
      .where(eq(modules.courseId, courseId))
      .orderBy(asc(modules.order), asc(topics.order));
    const second = lessons[1]!.videoPath!;
    expect(second).not.toBe(preview.videoUrl);
    expect((await t.app.inject({ url: second })).statusCode).toBe(401);
  });
});

describe('demo presentations', () => {
  it("carry their own topic's title (the first topic's is not the second's)", async () => {
    const [first, second] = await t.db
      .select({ title: topics.title, presentationPath: topics.presentationPath })
      .from(topics)
      .innerJoin(modules, eq(modules.id, topics.moduleId))
      .where(eq(modules.courseId, courseId))
      .orderBy(asc(modules.order), asc(topics.order))
      .limit(2);
    const admin = await t.createUser({ role: 'admin' });
    const cookie = await t.login(admin);
    for (const topic of [first!, second!]) {
      const file = await t.app.inject({ url: topic.presentationPath!, headers: { cookie } });
      expect(file.statusCode).toBe(200);
      // pdfkit writes the document title into the info dictionary as a literal string.
      expect(file.rawPayload.toString('latin1')).toContain(`(${topic.title})`);
    }
  });
});
