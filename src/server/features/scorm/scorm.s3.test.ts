import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scormPackages } from '#server/db/schema/index.ts';
import { seedCourse } from '#server/test/fixtures/media.ts';
import { scormZip } from '#server/test/fixtures/scorm-zip.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

// Packages with the S3 object store (s3rver on loopback): the zip goes to the bucket by presigned PUT, is read
// back in ranges to check and unpack, its files land in the bucket under the topic and are served through us.

let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
let dir: string;
let ctx: TestContext;
let seed: Awaited<ReturnType<typeof seedCourse>>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media' }],
  });
  const address = await server.run();
  ctx = await createTestApp({
    s3: {
      bucket: 'media',
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
  });
  seed = await seedCourse(ctx);
});

afterAll(async () => {
  await ctx?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function attach(zip: Buffer) {
  const cookie = seed.cookies.admin;
  const target = await ctx.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie },
    payload: { fileType: 'package', contentType: 'application/zip', size: zip.length },
  });
  const { uploadURL, objectPath, headers } = target.json();
  const put = await fetch(uploadURL, { method: 'PUT', headers, body: new Uint8Array(zip) });
  expect(put.status).toBe(200);
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/topics/${seed.topic.id}/package`,
    headers: { cookie },
    payload: { objectKey: objectPath },
  });
}

it('unpacks into the bucket, serves the files, and deletes them on replace', async () => {
  const first = await attach(
    scormZip('1.2', { extra: [{ name: 'media/clip.bin', data: Buffer.alloc(3 * 2 ** 20, 7) }] }),
  );
  expect(first.statusCode, first.body).toBe(200);
  const [pkg] = await ctx.db.select().from(scormPackages).where(eq(scormPackages.topicId, seed.topic.id));
  const key = `scorm/${seed.topic.id}/${pkg!.id}/media/clip.bin`;
  expect((await ctx.app.objectStore.stat(key))?.size).toBe(3 * 2 ** 20);

  const launch = await ctx.app.inject({
    method: 'GET',
    url: `/api/topics/${seed.topic.id}/scorm`,
    // The admin: for the student this topic is still locked behind the course's first one.
    headers: { cookie: seed.cookies.admin },
  });
  expect(launch.statusCode).toBe(200);
  const page = await ctx.app.inject({ method: 'GET', url: launch.json().launchUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('/scorm-runtime.js');
  const clip = await ctx.app.inject({
    method: 'GET',
    url: launch.json().launchUrl.replace('index.html', 'media/clip.bin'),
  });
  expect(clip.statusCode).toBe(200);
  expect(clip.rawPayload.length).toBe(3 * 2 ** 20);

  const bomb = await attach(scormZip('1.2', { extra: [{ name: '../x.html', data: 'x' }] }));
  expect(bomb.json()).toMatchObject({ code: 'INVALID_PACKAGE' });

  const second = await attach(scormZip('2004'));
  expect(second.statusCode, second.body).toBe(200);
  expect(await ctx.app.objectStore.stat(key)).toBeNull();
});
