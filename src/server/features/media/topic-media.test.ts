import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizzes, storedObjects, topicProgress, topics } from '#server/db/schema/index.ts';
import { fakeMp4, fakePdf, seedCourse } from '#server/test/fixtures/media.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

// Replacing and removing a topic's video and presentation (README 'Files and media').

let ctx: TestContext;
let seed: Awaited<ReturnType<typeof seedCourse>>;

beforeAll(async () => {
  ctx = await createTestApp();
  seed = await seedCourse(ctx);
});
afterAll(async () => ctx?.close());

async function upload(fileType: 'video' | 'presentation', body: Buffer, contentType: string) {
  const cookie = seed.cookies.admin;
  const target = await ctx.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie },
    payload: { fileType, contentType, size: body.length },
  });
  const { uploadURL, objectPath, headers } = target.json();
  const put = await ctx.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': contentType, ...headers },
    payload: body,
  });
  expect(put.statusCode).toBeLessThan(300);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/objects/complete',
    headers: { cookie },
    payload: { objectPath },
  });
  return objectPath as string;
}

function call(method: 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

async function objectExists(path: string) {
  const rows = await ctx.db
    .select()
    .from(storedObjects)
    .where(eq(storedObjects.key, path.slice('/objects/'.length)));
  return rows.length === 1;
}

async function progressOf(userId: string, topicId: string) {
  const [row] = await ctx.db
    .select()
    .from(topicProgress)
    .where(and(eq(topicProgress.userId, userId), eq(topicProgress.topicId, topicId)));
  return row;
}

describe('PUT and DELETE /api/topics/:id/video and /presentation', () => {
  it('are for admins only: 401 signed out, 403 for students, 404 for an unknown topic', async () => {
    const url = `/api/topics/${seed.topic.id}`;
    for (const kind of ['video', 'presentation']) {
      expect((await call('DELETE', `${url}/${kind}`)).statusCode).toBe(401);
      expect((await call('DELETE', `${url}/${kind}`, seed.cookies.enrolled)).statusCode).toBe(403);
      expect(
        (await call('DELETE', `/api/topics/00000000-0000-4000-8000-000000000000/${kind}`, seed.cookies.admin))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await call('PUT', `${url}/video`, seed.cookies.enrolled, { videoURL: '/objects/x' })).statusCode,
    ).toBe(403);
  });

  it('replacing a video keeps the quiz and completions, restarts positions past the new end, frees the old file', async () => {
    const topicId = seed.topic.id;
    const first = await upload('video', fakeMp4(), 'video/mp4');
    const attach = await call('PUT', `/api/topics/${topicId}/video`, seed.cookies.admin, {
      videoURL: first,
      durationSeconds: 300,
    });
    expect(attach.statusCode).toBe(200);
    await ctx.db.insert(quizzes).values({ topicId, title: 'Levels' });
    const done = await ctx.createUser();
    const farAlong = await ctx.createUser();
    const early = await ctx.createUser();
    const now = new Date();
    await ctx.db.insert(topicProgress).values([
      {
        userId: done.id,
        topicId,
        videoPositionSeconds: 290,
        videoWatchedSeconds: 290,
        videoCompletedAt: now,
      },
      {
        userId: farAlong.id,
        topicId,
        videoPositionSeconds: 200,
        videoWatchedSeconds: 200,
        lastReportAt: now,
      },
      { userId: early.id, topicId, videoPositionSeconds: 30, videoWatchedSeconds: 30, lastReportAt: now },
    ]);

    const second = await upload('video', fakeMp4(5000), 'video/mp4');
    const replaced = await call('PUT', `/api/topics/${topicId}/video`, seed.cookies.admin, {
      videoURL: second,
      durationSeconds: 120,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: topicId, videoPath: second, videoDurationSeconds: 120 });
    expect(await objectExists(first)).toBe(false);
    expect(await objectExists(second)).toBe(true);
    expect(await ctx.db.select().from(quizzes).where(eq(quizzes.topicId, topicId))).toHaveLength(1);
    expect(await progressOf(done.id, topicId)).toMatchObject({ videoPositionSeconds: 290 });
    expect((await progressOf(done.id, topicId))?.videoCompletedAt).not.toBeNull();
    expect(await progressOf(farAlong.id, topicId)).toMatchObject({
      videoPositionSeconds: 0,
      videoWatchedSeconds: 0,
    });
    expect(await progressOf(early.id, topicId)).toMatchObject({
      videoPositionSeconds: 30,
      videoWatchedSeconds: 30,
    });
  });

  it('removing the video returns the topic to "no video" and keeps its quiz and progress', async () => {
    const topicId = seed.topic.id;
    const [before] = await ctx.db.select().from(topics).where(eq(topics.id, topicId));
    expect(before?.videoPath).toBeTruthy();
    const removed = await call('DELETE', `/api/topics/${topicId}/video`, seed.cookies.admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ videoPath: null, videoDurationSeconds: null });
    expect(await objectExists(before!.videoPath!)).toBe(false);
    expect(await ctx.db.select().from(quizzes).where(eq(quizzes.topicId, topicId))).toHaveLength(1);
    expect((await ctx.db.select().from(topicProgress).where(eq(topicProgress.topicId, topicId))).length).toBe(
      3,
    );
    // The portal sees it at once: the outline says the topic has no video.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/modules/${seed.topic.moduleId}/topics`,
      headers: { cookie: seed.cookies.admin },
    });
    expect(list.json().find((t: { id: string }) => t.id === topicId)).toMatchObject({ hasVideo: false });
    // Removing what is not there is harmless.
    expect((await call('DELETE', `/api/topics/${topicId}/video`, seed.cookies.admin)).statusCode).toBe(200);
  });

  it('replaces and removes a presentation, freeing each old file', async () => {
    const topicId = seed.topic2.id;
    const first = await upload('presentation', fakePdf(), 'application/pdf');
    const second = await upload('presentation', fakePdf(3000), 'application/pdf');
    expect(
      (
        await call('PUT', `/api/topics/${topicId}/presentation`, seed.cookies.admin, {
          presentationURL: first,
        })
      ).statusCode,
    ).toBe(200);
    const replaced = await call('PUT', `/api/topics/${topicId}/presentation`, seed.cookies.admin, {
      presentationURL: second,
    });
    expect(replaced.json()).toMatchObject({ presentationPath: second });
    expect(await objectExists(first)).toBe(false);
    const removed = await call('DELETE', `/api/topics/${topicId}/presentation`, seed.cookies.admin);
    expect(removed.json()).toMatchObject({ presentationPath: null });
    expect(await objectExists(second)).toBe(false);
  });
});
