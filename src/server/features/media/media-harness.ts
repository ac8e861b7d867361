import { afterAll, beforeAll, expect } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { seedCourse } from '#server/test/fixtures/media.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

type Seeded = Awaited<ReturnType<typeof seedCourse>>;
interface Res {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/**
 * The media API's test harness, once per object store (local disk, or an S3-compatible server on loopback): a
 * test app with a seeded course, and the requests the media suites make (media.suite.ts, media-serving.suite.ts).
 */
export function mediaHarness(mode: 'disk' | 's3', s3: () => AppConfig['s3']) {
  let ctx: TestContext;
  let seed: Seeded;

  beforeAll(async () => {
    ctx = await createTestApp(mode === 's3' ? { s3: s3() } : {});
    seed = await seedCourse(ctx);
  });
  afterAll(async () => ctx?.close());

  async function requestUpload(cookie: string | undefined, payload: object) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: cookie ? { cookie } : {},
      payload,
    });
  }

  async function put(url: string, body: Buffer, contentType: string, extra: Record<string, string> = {}) {
    if (url.startsWith('/')) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': contentType, ...extra },
        payload: body,
      });
      return { status: res.statusCode, text: res.body };
    }
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': contentType, ...extra },
      body: new Uint8Array(body),
    });
    return { status: res.status, text: await res.text() };
  }

  /** Asks for a URL, PUTs the bytes, confirms; returns the object path and the final status. */
  async function upload(fileType: string, body: Buffer, contentType: string, cookie = seed.cookies.admin) {
    const target = await requestUpload(cookie, { fileType, contentType, size: body.length });
    expect(target.statusCode).toBe(200);
    const { uploadURL, objectPath, headers } = target.json();
    const putRes = await put(uploadURL, body, contentType, headers);
    const complete = await ctx.app.inject({
      method: 'POST',
      url: '/api/objects/complete',
      headers: { cookie },
      payload: { objectPath },
    });
    return { objectPath: objectPath as string, putStatus: putRes.status, complete };
  }

  /** GET (or HEAD) a media path; with S3 the presigned redirect is followed like a browser would. */
  async function media(url: string, cookie?: string, headers: Record<string, string> = {}, method = 'GET') {
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    if (mode === 's3' && res.statusCode === 302) {
      const location = String(res.headers.location);
      expect(location).toContain('X-Amz-Signature=');
      const followed = await fetch(location, { method, headers });
      return {
        status: followed.status,
        headers: Object.fromEntries(followed.headers.entries()),
        body: Buffer.from(await followed.arrayBuffer()),
      } satisfies Res;
    }
    return {
      status: res.statusCode,
      headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, v?.toString()])),
      body: res.rawPayload,
    } satisfies Res;
  }

  async function attachVideo(topicId: string, objectPath: string, cookie = seed.cookies.admin) {
    return ctx.app.inject({
      method: 'PUT',
      url: `/api/topics/${topicId}/video`,
      headers: { cookie },
      payload: { videoURL: objectPath },
    });
  }

  return {
    mode,
    get ctx() {
      return ctx;
    },
    get seed() {
      return seed;
    },
    requestUpload,
    put,
    upload,
    media,
    attachVideo,
  };
}

export type MediaHarness = ReturnType<typeof mediaHarness>;
