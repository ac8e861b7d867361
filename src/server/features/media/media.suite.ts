import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { storedObjects } from '#server/db/schema/index.ts';
import { fakeMp4, fakePdf, fakePng } from '#server/test/fixtures/media.ts';
import { type MediaHarness, mediaHarness } from './media-harness.ts';
import { defineServingSuite } from './media-serving.suite.ts';
import { STUDENT_UPLOAD_WINDOW } from './uploads.service.ts';

/**
 * The media API, run once per object store: the same requests and expectations against local disk and
 * against an S3-compatible server on loopback. Uploads here; attaching, serving and sweeping in
 * media-serving.suite.ts.
 */
export function defineMediaSuite(mode: 'disk' | 's3', s3: () => AppConfig['s3']) {
  const h = mediaHarness(mode, s3);
  defineUploadSuite(h);
  defineServingSuite(h);
}

function defineUploadSuite(h: MediaHarness) {
  const { requestUpload, put, upload, attachVideo } = h;

  describe(`POST /api/objects/upload (${h.mode})`, () => {
    it('refuses anonymous callers with 401', async () => {
      expect((await requestUpload(undefined, { fileType: 'image' })).statusCode).toBe(401);
    });

    it('lets a student ask only for images', async () => {
      expect((await requestUpload(h.seed.cookies.enrolled, { fileType: 'video' })).statusCode).toBe(403);
      expect((await requestUpload(h.seed.cookies.enrolled, { fileType: 'presentation' })).statusCode).toBe(
        403,
      );
      const res = await requestUpload(h.seed.cookies.enrolled, { fileType: 'image' });
      expect(res.statusCode).toBe(200);
      expect(res.json().objectPath).toMatch(/^\/objects\/image\/[0-9a-f-]{36}$/);
    });

    it('gives admins a signed URL for every type', async () => {
      for (const fileType of ['image', 'video', 'presentation']) {
        const res = await requestUpload(h.seed.cookies.admin, { fileType });
        expect(res.statusCode).toBe(200);
        const { uploadURL, objectPath } = res.json();
        expect(objectPath).toMatch(new RegExp(`^/objects/${fileType}/`));
        expect(uploadURL).toMatch(h.mode === 'disk' ? /[?&]sig=/ : /X-Amz-Signature=/);
        // 15 minutes (a loaded machine may take a moment between reserving the key and signing).
        expect(uploadURL).toMatch(h.mode === 'disk' ? /[?&]expires=/ : /X-Amz-Expires=(89\d|900)&/);
      }
    });

    it('takes an empty body as an image request (spec: fileType is optional)', async () => {
      const res = await h.ctx.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: { cookie: h.seed.cookies.admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().objectPath).toMatch(/^\/objects\/image\//);
    });

    it('caps how many uploads a student can start per hour', async () => {
      const student = await h.ctx.createUser();
      const cookie = await h.ctx.login(student);
      let last = 0;
      for (let i = 0; i <= STUDENT_UPLOAD_WINDOW.limit; i++) {
        last = (await requestUpload(cookie, { fileType: 'image' })).statusCode;
      }
      expect(last).toBe(429);
      expect((await requestUpload(h.seed.cookies.admin, { fileType: 'image' })).statusCode).toBe(200);
    });

    it('refuses unknown types, disallowed content types and files over the limit up front', async () => {
      expect((await requestUpload(h.seed.cookies.admin, { fileType: 'archive' })).statusCode).toBe(400);
      expect(
        (await requestUpload(h.seed.cookies.admin, { fileType: 'image', contentType: 'image/svg+xml' }))
          .statusCode,
      ).toBe(415);
      const tooBig = await requestUpload(h.seed.cookies.admin, {
        fileType: 'image',
        size: 5 * 1024 * 1024 + 1,
      });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe('File size too large. Maximum size is 5MB');
    });
  });

  describe(`uploading to the signed URL (${h.mode})`, () => {
    it('stores a real video and reports its size and sniffed type', async () => {
      const { putStatus, complete } = await upload('video', fakeMp4(), 'video/mp4');
      expect(putStatus).toBe(200);
      expect(complete.statusCode).toBe(200);
      expect(complete.json()).toMatchObject({ status: 'uploaded', size: 4096, contentType: 'video/mp4' });
    });

    it('refuses a .mp4 that is really a PDF, and keeps nothing', async () => {
      const { objectPath, putStatus, complete } = await upload('video', fakePdf(), 'video/mp4');
      if (h.mode === 'disk') expect(putStatus).toBe(415);
      expect(complete.statusCode).toBe(h.mode === 'disk' ? 400 : 415);
      const store = h.ctx.app.objectStore;
      expect(await store.stat(objectPath.slice('/objects/'.length))).toBeNull();
      expect((await attachVideo(h.seed.topic2.id, objectPath)).statusCode).toBe(400);
    });

    it('refuses an image that is not JPEG, PNG or WebP', async () => {
      const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
      const { complete } = await upload('image', gif, 'image/png');
      expect(complete.statusCode).not.toBe(200);
    });

    if (h.mode === 'disk') {
      it('refuses a tampered signature, another key, and a changed limit with 403', async () => {
        const res = await requestUpload(h.seed.cookies.admin, { fileType: 'video' });
        const { uploadURL } = res.json();
        const url = new URL(uploadURL, 'http://x');
        const sig = url.searchParams.get('sig')!;
        const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
        url.searchParams.set('sig', flipped);
        expect((await put(url.pathname + url.search, fakeMp4(), 'video/mp4')).status).toBe(403);
        url.searchParams.set('sig', sig);
        url.searchParams.set('max', String(10 * 1024 * 1024 * 1024));
        expect((await put(url.pathname + url.search, fakeMp4(), 'video/mp4')).status).toBe(403);
        const other = uploadURL.replace(/video\/[0-9a-f-]{36}/, 'video/00000000-0000-4000-8000-000000000000');
        expect((await put(other, fakeMp4(), 'video/mp4')).status).toBe(403);
        // The untouched URL still works once, and only once.
        expect((await put(uploadURL, fakeMp4(), 'video/mp4')).status).toBe(200);
        expect((await put(uploadURL, fakeMp4(), 'video/mp4')).status).toBe(409);
      });

      it('refuses an expired URL with 403', async () => {
        const res = await requestUpload(h.seed.cookies.admin, { fileType: 'image' });
        const key = (res.json().objectPath as string).slice('/objects/'.length);
        const store = h.ctx.app.objectStore;
        const expired = await store.createUploadURL({
          key,
          fileType: 'image',
          maxBytes: 5 * 1024 * 1024,
          expiresAt: new Date(Date.now() - 1000),
        });
        const out = await put(expired.url, fakePng(), 'image/png');
        expect(out.status).toBe(403);
        expect(out.text).toContain('expired');
      });

      it('answers 413 at once when Content-Length is over the limit', async () => {
        const res = await requestUpload(h.seed.cookies.admin, { fileType: 'image' });
        const out = await h.ctx.app.inject({
          method: 'PUT',
          url: res.json().uploadURL,
          headers: { 'content-type': 'image/png', 'content-length': String(5 * 1024 * 1024 + 1) },
          payload: fakePng(),
        });
        expect(out.statusCode).toBe(413);
        expect(out.headers.connection).toBe('close');
      });

      it('refuses 500 MB + 1 byte while streaming, and leaves no file behind', async () => {
        const res = await requestUpload(h.seed.cookies.admin, { fileType: 'video' });
        const { uploadURL, objectPath } = res.json();
        const limit = 500 * 1024 * 1024;
        const chunk = Buffer.alloc(1024 * 1024, 7);
        fakeMp4(64).copy(chunk);
        let sent = 0;
        async function* body() {
          const first = Buffer.from(chunk);
          sent += first.length;
          yield first;
          const filler = Buffer.alloc(1024 * 1024, 7);
          while (sent < limit) {
            sent += filler.length;
            yield filler;
          }
          sent += 1;
          yield Buffer.from([1]);
          // A client that keeps going after the limit is not waited for.
          for (let i = 0; i < 16; i++) {
            sent += filler.length;
            yield filler;
          }
        }
        const { Readable } = await import('node:stream');
        const out = await h.ctx.app.inject({
          method: 'PUT',
          url: uploadURL,
          headers: { 'content-type': 'video/mp4' },
          payload: Readable.from(body(), { objectMode: false }),
        });
        expect(out.statusCode).toBe(413);
        // Every byte up to the limit was read (it is the 500 MB + 1st that is refused), few after it.
        expect(sent).toBeGreaterThan(limit);
        expect(sent).toBeLessThan(limit + 17 * 1024 * 1024);
        const store = h.ctx.app.objectStore;
        expect(await store.stat(objectPath.slice('/objects/'.length))).toBeNull();
        const tmp = path.join(h.ctx.config.dataDir, 'objects', '.tmp');
        expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
        const [row] = await h.ctx.db
          .select()
          .from(storedObjects)
          .where(eq(storedObjects.key, objectPath.slice('/objects/'.length)));
        expect(row?.status).toBe('pending');
      }, 120_000);

      it('cleans up after an aborted upload', async () => {
        const res = await requestUpload(h.seed.cookies.admin, { fileType: 'video' });
        const { Readable } = await import('node:stream');
        const body = new Readable({ read() {} });
        body.push(fakeMp4(1024));
        setTimeout(() => body.destroy(new Error('client went away')), 50);
        await h.ctx.app
          .inject({
            method: 'PUT',
            url: res.json().uploadURL,
            headers: { 'content-type': 'video/mp4' },
            payload: body,
          })
          .catch(() => undefined);
        const tmp = path.join(h.ctx.config.dataDir, 'objects', '.tmp');
        // The server notices the abort and removes its temporary file on its own schedule.
        await expect
          .poll(() => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []), { timeout: 5000 })
          .toEqual([]);
        const [row] = await h.ctx.db
          .select()
          .from(storedObjects)
          .where(eq(storedObjects.key, (res.json().objectPath as string).slice('/objects/'.length)));
        expect(row?.status).toBe('pending');
      });

      it('keeps keys inside the store: traversal in upload and media paths is refused', async () => {
        for (const url of [
          '/api/objects/upload/..%2F..%2Fetc/passwd?max=1&expires=9999999999&sig=x',
          '/api/objects/upload/video/..%2F..%2F..%2Fpackage.json?max=1&expires=9999999999&sig=x',
        ]) {
          const out = await put(url, fakeMp4(), 'video/mp4');
          expect([403, 404]).toContain(out.status);
        }
        const store = h.ctx.app.objectStore as import('./disk.store.ts').DiskObjectStore;
        expect(() => store.pathFor('../../package.json')).toThrow();
        expect(() => store.pathFor('video/../../x')).toThrow();
      });
    }

    it('refuses media paths that try to leave the store', async () => {
      for (const url of [
        '/objects/../package.json',
        '/objects/..%2F..%2Fpackage.json',
        '/objects/video/..%2F..%2F..%2Fpackage.json',
        '/objects/video/%2e%2e%2f%2e%2e%2fpackage.json',
        '/objects/image/..%5c..%5cpackage.json',
      ]) {
        const res = await h.ctx.app.inject({ method: 'GET', url, headers: { cookie: h.seed.cookies.admin } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('"name": "tradeskills"');
      }
    });
  });
}
