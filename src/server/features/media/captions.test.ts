import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedObjects, topics } from '#server/db/schema/index.ts';
import { fakeMp4, fakePng, seedCourse } from '#server/test/fixtures/media.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { CAPTIONS_MAX_BYTES } from '#shared/constants.ts';

// A topic video's WebVTT captions (README 'Accessibility'): uploaded as type `captions`, checked on PUT, served
// only to those who may see the lesson.

let ctx: TestContext;
let seed: Awaited<ReturnType<typeof seedCourse>>;

const VALID =
  'WEBVTT\n\nNOTE made by hand\n\n1\n00:00:01.000 --> 00:00:04.000\n<v Sam>Check the fall</v> &amp; level\n\n00:05.000 --> 00:08.500 align:start\nThen backfill\n';

beforeAll(async () => {
  ctx = await createTestApp();
  seed = await seedCourse(ctx);
  // The topics under test come after the course's open first lesson; the enrolled student opens it.
  const [welcome] = await ctx.db.select().from(topics).where(eq(topics.title, 'Welcome'));
  await ctx.app.inject({
    method: 'POST',
    url: `/api/topics/${welcome!.id}/open`,
    headers: { cookie: seed.cookies.enrolled },
  });
});
afterAll(async () => ctx?.close());

/** Upload through the signed flow; returns the object path, or the status that refused it. */
async function upload(fileType: 'captions' | 'video', body: Buffer, contentType: string) {
  const cookie = seed.cookies.admin;
  const target = await ctx.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie },
    payload: { fileType, contentType, size: body.length },
  });
  if (target.statusCode !== 200) return { status: target.statusCode };
  const { uploadURL, objectPath } = target.json();
  const put = await ctx.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': contentType },
    payload: body,
  });
  if (put.statusCode >= 300) return { status: put.statusCode };
  await ctx.app.inject({
    method: 'POST',
    url: '/api/objects/complete',
    headers: { cookie },
    payload: { objectPath },
  });
  return { objectPath: objectPath as string };
}
const vtt = (text: string) => upload('captions', Buffer.from(text), 'text/vtt');

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

describe('PUT and DELETE /api/topics/:id/captions', () => {
  it('attach valid WebVTT: the topic says captionsUrl, the file reaches admins and enrolled students only', async () => {
    const url = `/api/topics/${seed.topic.id}`;
    const video = await upload('video', fakeMp4(), 'video/mp4');
    expect(
      (await call('PUT', `${url}/video`, seed.cookies.admin, { videoURL: video.objectPath })).statusCode,
    ).toBe(200);
    const courseRow = async () =>
      (
        (await call('GET', '/api/admin/courses', seed.cookies.admin)).json() as {
          id: string;
          videoCount: number;
          captionedVideoCount: number;
        }[]
      ).find((c) => c.id === seed.course.id);
    expect(await courseRow()).toMatchObject({ videoCount: 1, captionedVideoCount: 0 });
    expect((await call('GET', url, seed.cookies.enrolled)).json().captionsUrl).toBeNull();

    const { objectPath } = await vtt(VALID);
    expect(objectPath).toMatch(/^\/objects\/captions\//);
    const put = await call('PUT', `${url}/captions`, seed.cookies.admin, { objectKey: objectPath });
    expect(put.statusCode).toBe(200);
    expect(put.json().captionsPath).toBe(objectPath);
    expect((await call('GET', url, seed.cookies.admin)).json().captionsUrl).toBe(objectPath);
    expect((await call('GET', url, seed.cookies.enrolled)).json().captionsUrl).toBe(objectPath);
    expect(await courseRow()).toMatchObject({ videoCount: 1, captionedVideoCount: 1 });

    const file = await call('GET', objectPath!, seed.cookies.enrolled);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/vtt/);
    expect(file.body).toContain('Check the fall');
    expect((await call('GET', objectPath!)).statusCode).toBe(401);
    expect((await call('GET', objectPath!, seed.cookies.outsider)).statusCode).toBe(403);
    expect((await call('GET', url, seed.cookies.outsider)).statusCode).toBe(403);

    // Replacing frees the old file; removing frees the new one and the topic has no captions again.
    const second = await vtt('WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n');
    expect(
      (await call('PUT', `${url}/captions`, seed.cookies.admin, { objectKey: second.objectPath })).statusCode,
    ).toBe(200);
    const keyOf = (path: string) => path.slice('/objects/'.length);
    expect(
      await ctx.db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.key, keyOf(objectPath!))),
    ).toHaveLength(0);
    const removed = await call('DELETE', `${url}/captions`, seed.cookies.admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().captionsPath).toBeNull();
    expect((await call('GET', url, seed.cookies.enrolled)).json().captionsUrl).toBeNull();
    expect(
      await ctx.db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.key, keyOf(second.objectPath!))),
    ).toHaveLength(0);
  });

  it('refuses files that are not WebVTT with 400 INVALID_CAPTIONS, other types, and binary uploads', async () => {
    const url = `/api/topics/${seed.topic2.id}/captions`;
    for (const bad of [
      'Hello, these are not captions',
      'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nEnds before it starts\n',
      'WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nBroken arrow\n',
      'WEBVTT\n',
    ]) {
      const { objectPath } = await vtt(bad);
      const res = await call('PUT', url, seed.cookies.admin, { objectKey: objectPath });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_CAPTIONS' });
    }
    const latin1 = await upload(
      'captions',
      Buffer.from([...Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\n'), 0xe9]),
      'text/vtt',
    );
    expect((await call('PUT', url, seed.cookies.admin, { objectKey: latin1.objectPath })).json().code).toBe(
      'INVALID_CAPTIONS',
    );
    const video = await upload('video', fakeMp4(), 'video/mp4');
    expect((await call('PUT', url, seed.cookies.admin, { objectKey: video.objectPath })).json().code).toBe(
      'WRONG_FILE_TYPE',
    );
    expect((await upload('captions', fakePng(), 'text/vtt')).status).toBe(415);
    expect((await call('PUT', url, seed.cookies.admin, { objectKey: 'nonsense' })).statusCode).toBe(400);
    const [topic] = await ctx.db.select().from(topics).where(eq(topics.id, seed.topic2.id));
    expect(topic!.captionsPath).toBeNull();
  });

  it('refuses caption files over 1 MB, when asked for a link and when the upload says its length', async () => {
    const asked = await call('POST', '/api/objects/upload', seed.cookies.admin, {
      fileType: 'captions',
      contentType: 'text/vtt',
      size: CAPTIONS_MAX_BYTES + 1,
    });
    expect(asked.statusCode).toBe(413);
    const target = await call('POST', '/api/objects/upload', seed.cookies.admin, {
      fileType: 'captions',
      contentType: 'text/vtt',
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: target.json().uploadURL,
      headers: { 'content-type': 'text/vtt', 'content-length': String(CAPTIONS_MAX_BYTES + 1) },
      payload: Buffer.from(VALID),
    });
    expect(put.statusCode).toBe(413);
  });

  it('are for admins only: 401 signed out, 403 for students, 404 for an unknown topic', async () => {
    const { objectPath } = await vtt(VALID);
    const url = `/api/topics/${seed.topic2.id}/captions`;
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await call(method, url, undefined, { objectKey: objectPath })).statusCode).toBe(401);
      expect((await call(method, url, seed.cookies.enrolled, { objectKey: objectPath })).statusCode).toBe(
        403,
      );
      expect((await call(method, url, seed.cookies.outsider, { objectKey: objectPath })).statusCode).toBe(
        403,
      );
    }
    const unknown = '/api/topics/00000000-0000-4000-8000-000000000000/captions';
    expect((await call('PUT', unknown, seed.cookies.admin, { objectKey: objectPath })).statusCode).toBe(404);
    expect((await call('DELETE', unknown, seed.cookies.admin)).statusCode).toBe(404);
    // Students may not upload caption files at all.
    const target = await call('POST', '/api/objects/upload', seed.cookies.enrolled, {
      fileType: 'captions',
      contentType: 'text/vtt',
    });
    expect(target.statusCode).toBe(403);
  });
});
