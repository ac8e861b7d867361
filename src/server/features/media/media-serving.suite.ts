import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedObjects, topics } from '#server/db/schema/index.ts';
import { fakeMp4, fakePdf, fakePng } from '#server/test/fixtures/media.ts';
import { attachObject, mediaPathsOf, releaseObjects, sweepUnattached } from './media.service.ts';
import type { MediaHarness } from './media-harness.ts';

/** Attaching uploads to topics, serving them (ranges, access), releasing and sweeping: per object store. */
export function defineServingSuite(h: MediaHarness) {
  const { requestUpload, put, upload, media, attachVideo } = h;

  describe(`attaching uploads (${h.mode})`, () => {
    it('PUT /api/topics/{id}/video: 401, 403, then the updated topic; replacing removes the old file', async () => {
      const first = await upload('video', fakeMp4(), 'video/mp4');
      expect((await attachVideo(h.seed.topic.id, first.objectPath, '')).statusCode).toBe(401);
      expect((await attachVideo(h.seed.topic.id, first.objectPath, h.seed.cookies.enrolled)).statusCode).toBe(
        403,
      );
      const res = await attachVideo(h.seed.topic.id, first.objectPath);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: h.seed.topic.id, videoPath: first.objectPath });
      // Attaching the same path again is a no-op.
      expect((await attachVideo(h.seed.topic.id, first.objectPath)).statusCode).toBe(200);
      // One object, one owner.
      expect((await attachVideo(h.seed.topic2.id, first.objectPath)).statusCode).toBe(400);

      const second = await upload('video', fakeMp4(8192), 'video/mp4');
      expect((await attachVideo(h.seed.topic.id, second.objectPath)).json().videoPath).toBe(
        second.objectPath,
      );
      expect((await media(first.objectPath, h.seed.cookies.admin)).status).toBe(404);
      const store = h.ctx.app.objectStore;
      expect(await store.stat(first.objectPath.slice('/objects/'.length))).toBeNull();
    });

    it('accepts only objects of the matching type from this flow', async () => {
      const image = await upload('image', fakePng(), 'image/png');
      expect((await attachVideo(h.seed.topic2.id, image.objectPath)).statusCode).toBe(400);
      expect((await attachVideo(h.seed.topic2.id, 'https://evil.example/video.mp4')).statusCode).toBe(400);
      expect(
        (await attachVideo(h.seed.topic2.id, '/objects/video/00000000-0000-4000-8000-000000000000'))
          .statusCode,
      ).toBe(400);
      const pending = (await requestUpload(h.seed.cookies.admin, { fileType: 'video' })).json();
      expect((await attachVideo(h.seed.topic2.id, pending.objectPath)).statusCode).toBe(400);
      // The upload URL itself is accepted as a reference (the original client sent it).
      const video = await requestUpload(h.seed.cookies.admin, {
        fileType: 'video',
        contentType: 'video/mp4',
      });
      const target = video.json();
      await put(target.uploadURL, fakeMp4(), 'video/mp4', target.headers);
      await h.ctx.app.inject({
        method: 'POST',
        url: '/api/objects/complete',
        headers: { cookie: h.seed.cookies.admin },
        payload: { objectPath: target.objectPath },
      });
      const res = await attachVideo(h.seed.topic2.id, target.uploadURL);
      expect(res.statusCode).toBe(200);
      expect(res.json().videoPath).toBe(target.objectPath);
      expect(
        (
          await h.ctx.app.inject({
            method: 'PUT',
            url: '/api/topics/00000000-0000-4000-8000-000000000000/video',
            headers: { cookie: h.seed.cookies.admin },
            payload: { videoURL: target.objectPath },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('a PUT that was never confirmed is checked when it is attached (S3), refused while missing', async () => {
      const target = (
        await requestUpload(h.seed.cookies.admin, { fileType: 'video', contentType: 'video/mp4' })
      ).json();
      expect((await attachVideo(h.seed.topic2.id, target.objectPath)).statusCode).toBe(400);
      const pdf = (
        await requestUpload(h.seed.cookies.admin, { fileType: 'video', contentType: 'video/mp4' })
      ).json();
      await put(pdf.uploadURL, fakePdf(), 'video/mp4', pdf.headers);
      expect((await attachVideo(h.seed.topic2.id, pdf.objectPath)).statusCode).toBe(
        h.mode === 's3' ? 415 : 400,
      );
      await put(target.uploadURL, fakeMp4(), 'video/mp4', target.headers);
      const res = await attachVideo(h.seed.topic2.id, target.objectPath);
      expect(res.statusCode).toBe(200);
      expect(res.json().videoPath).toBe(target.objectPath);
    });

    it("keeps the video's length, read from the MP4 header", async () => {
      const real = fs.readFileSync(path.resolve(import.meta.dirname, '../../db/seed-media/demo-video.mp4'));
      const up = await upload('video', real, 'video/mp4');
      const res = await attachVideo(h.seed.topic2.id, up.objectPath);
      expect(res.statusCode).toBe(200);
      expect(res.json().videoDurationSeconds).toBe(8);
    });

    it('PUT /api/topics/{id}/presentation and the course images', async () => {
      const pdf = await upload('presentation', fakePdf(), 'application/pdf');
      for (const cookie of ['', h.seed.cookies.enrolled]) {
        const denied = await h.ctx.app.inject({
          method: 'PUT',
          url: `/api/topics/${h.seed.topic.id}/presentation`,
          headers: cookie ? { cookie } : {},
          payload: { presentationURL: pdf.objectPath },
        });
        expect(denied.statusCode).toBe(cookie ? 403 : 401);
      }
      const res = await h.ctx.app.inject({
        method: 'PUT',
        url: `/api/topics/${h.seed.topic.id}/presentation`,
        headers: { cookie: h.seed.cookies.admin },
        payload: { presentationURL: pdf.objectPath },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().presentationPath).toBe(pdf.objectPath);

      for (const segment of ['header-image', 'featured-image']) {
        const image = await upload('image', fakePng(), 'image/png');
        const url = `/api/courses/${h.seed.course.id}/${segment}`;
        expect(
          (await h.ctx.app.inject({ method: 'PUT', url, payload: { imageURL: image.objectPath } }))
            .statusCode,
        ).toBe(401);
        expect(
          (
            await h.ctx.app.inject({
              method: 'PUT',
              url,
              headers: { cookie: h.seed.cookies.enrolled },
              payload: { imageURL: image.objectPath },
            })
          ).statusCode,
        ).toBe(403);
        const ok = await h.ctx.app.inject({
          method: 'PUT',
          url,
          headers: { cookie: h.seed.cookies.admin },
          payload: { imageURL: image.objectPath },
        });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()[segment === 'header-image' ? 'headerImagePath' : 'featuredImagePath']).toBe(
          image.objectPath,
        );
        // A course image is public.
        const pub = await media(image.objectPath);
        expect(pub.status).toBe(200);
        expect(pub.body.subarray(0, 8)).toEqual(fakePng().subarray(0, 8));
      }
    });
  });

  describe(`serving media (${h.mode})`, () => {
    let videoPath: string;
    let pdfPath: string;
    const video = fakeMp4(10_000);

    beforeAll(async () => {
      const [row] = await h.ctx.db.select().from(topics).where(eq(topics.id, h.seed.topic.id));
      const up = await upload('video', video, 'video/mp4');
      await attachVideo(h.seed.topic.id, up.objectPath);
      videoPath = up.objectPath;
      pdfPath =
        row!.presentationPath ?? (await upload('presentation', fakePdf(), 'application/pdf')).objectPath;
      if (!row!.presentationPath) {
        await h.ctx.app.inject({
          method: 'PUT',
          url: `/api/topics/${h.seed.topic.id}/presentation`,
          headers: { cookie: h.seed.cookies.admin },
          payload: { presentationURL: pdfPath },
        });
      }
    });

    it('videos and presentations: 401 anonymous, 403 for another course, 200 enrolled and admin', async () => {
      for (const p of [videoPath, pdfPath]) {
        expect((await media(p)).status).toBe(401);
        expect((await media(p, h.seed.cookies.outsider)).status).toBe(403);
        expect((await media(p, h.seed.cookies.enrolled)).status).toBe(200);
        expect((await media(p, h.seed.cookies.admin)).status).toBe(200);
      }
      const res = await media(videoPath, h.seed.cookies.enrolled);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.body.equals(video)).toBe(true);
    });

    it('an unknown object is 404 for everyone', async () => {
      expect(
        (await media('/objects/video/00000000-0000-4000-8000-000000000000', h.seed.cookies.admin)).status,
      ).toBe(404);
    });

    it('a presentation has a clean file name', async () => {
      const res = await media(pdfPath, h.seed.cookies.enrolled);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="Reading a drainage plan levels falls.pdf"; filename*=UTF-8''Reading%20a%20drainage%20plan%20levels%20falls.pdf`,
      );
    });

    it('Range: first bytes, middle, suffix, open-ended and unsatisfiable', async () => {
      const size = video.length;
      const first = await media(videoPath, h.seed.cookies.enrolled, { range: 'bytes=0-9' });
      expect(first.status).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-9/${size}`);
      expect(first.headers['content-length']).toBe('10');
      expect(first.body.equals(video.subarray(0, 10))).toBe(true);

      const middle = await media(videoPath, h.seed.cookies.enrolled, { range: 'bytes=5000-5099' });
      expect(middle.status).toBe(206);
      expect(middle.headers['content-range']).toBe(`bytes 5000-5099/${size}`);
      expect(middle.body.equals(video.subarray(5000, 5100))).toBe(true);

      // s3rver answers a suffix range `bytes=-N` as `bytes=0-N` (an emulator bug; S3 itself follows RFC 9110),
      // so the suffix case is checked on the server we serve ourselves.
      if (h.mode === 'disk') {
        const suffix = await media(videoPath, h.seed.cookies.enrolled, { range: 'bytes=-100' });
        expect(suffix.status).toBe(206);
        expect(suffix.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
        expect(suffix.body.equals(video.subarray(size - 100))).toBe(true);
      }

      const open = await media(videoPath, h.seed.cookies.enrolled, { range: `bytes=${size - 10}-` });
      expect(open.status).toBe(206);
      expect(open.body.equals(video.subarray(size - 10))).toBe(true);

      const beyond = await media(videoPath, h.seed.cookies.enrolled, { range: `bytes=${size}-` });
      expect(beyond.status).toBe(416);
      // (s3rver's 416 carries no Content-Range; ours does.)
      if (h.mode === 'disk') expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

      // Access is checked before any byte is sent, ranges included.
      expect((await media(videoPath, h.seed.cookies.outsider, { range: 'bytes=0-9' })).status).toBe(403);
    });

    it('ETag, Last-Modified and conditional requests', async () => {
      const full = await media(videoPath, h.seed.cookies.enrolled);
      const etag = full.headers.etag!;
      expect(etag).toBeTruthy();
      expect(full.headers['last-modified']).toBeTruthy();
      expect(full.headers['accept-ranges']).toBe('bytes');
      const again = await media(videoPath, h.seed.cookies.enrolled, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      const since = await media(videoPath, h.seed.cookies.enrolled, {
        'if-modified-since': full.headers['last-modified']!,
      });
      expect(since.status).toBe(304);
      if (h.mode === 'disk') {
        // A stale If-Range gets the whole file instead of a wrong slice.
        const stale = await media(videoPath, h.seed.cookies.enrolled, {
          range: 'bytes=0-9',
          'if-range': '"old"',
        });
        expect(stale.status).toBe(200);
        expect(stale.body.length).toBe(video.length);
        const current = await media(videoPath, h.seed.cookies.enrolled, {
          range: 'bytes=0-9',
          'if-range': etag,
        });
        expect(current.status).toBe(206);
        const head = await media(videoPath, h.seed.cookies.enrolled, {}, 'HEAD');
        expect(head.status).toBe(200);
        expect(head.headers['content-length']).toBe(String(video.length));
        expect(head.body.length).toBe(0);
        expect(full.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      }
    });
  });

  describe(`releasing and sweeping (${h.mode})`, () => {
    it('releaseObjects removes rows and bytes; unknown paths are ignored', async () => {
      const a = await upload('image', fakePng(), 'image/png');
      const b = await upload('image', fakePng(), 'image/png');
      await releaseObjects(h.ctx.app, [a.objectPath, b.objectPath, null, 'https://elsewhere/x.png']);
      const store = h.ctx.app.objectStore;
      expect(await store.stat(a.objectPath.slice(9))).toBeNull();
      expect(await store.stat(b.objectPath.slice(9))).toBeNull();
    });

    it('removes uploads nobody attached within 24 hours, and keeps attached ones', async () => {
      const stale = await upload('image', fakePng(), 'image/png');
      const kept = await upload('image', fakePng(), 'image/png');
      await attachObject(h.ctx.db, kept.objectPath, 'image');
      await h.ctx.db
        .update(storedObjects)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(sql`${storedObjects.key} in (${stale.objectPath.slice(9)}, ${kept.objectPath.slice(9)})`);
      expect(await sweepUnattached(h.ctx.app)).toBeGreaterThanOrEqual(1);
      const store = h.ctx.app.objectStore;
      expect(await store.stat(stale.objectPath.slice(9))).toBeNull();
      expect(await store.stat(kept.objectPath.slice(9))).not.toBeNull();
      expect(
        (
          await h.ctx.db
            .select()
            .from(storedObjects)
            .where(eq(storedObjects.key, stale.objectPath.slice(9)))
        ).length,
      ).toBe(0);
    });

    it('DELETE /api/objects/{key}: admins delete unused files only', async () => {
      const unused = await upload('image', fakePng(), 'image/png');
      const key = unused.objectPath.slice('/objects/'.length);
      const del = (cookie?: string, k = key) =>
        h.ctx.app.inject({ method: 'DELETE', url: `/api/objects/${k}`, headers: cookie ? { cookie } : {} });
      expect((await del()).statusCode).toBe(401);
      expect((await del(h.seed.cookies.enrolled)).statusCode).toBe(403);
      const [topic] = await h.ctx.db.select().from(topics).where(eq(topics.id, h.seed.topic.id));
      expect((await del(h.seed.cookies.admin, topic!.videoPath!.slice(9))).statusCode).toBe(409);
      expect((await del(h.seed.cookies.admin)).statusCode).toBe(204);
      expect((await del(h.seed.cookies.admin)).statusCode).toBe(404);
      expect((await del(h.seed.cookies.admin, '..%2F..%2Fpackage.json')).statusCode).toBe(404);
    });

    /** 401 signed out, 403 for a student, then the admin's answer. */
    async function adminOnlyGet(url: string) {
      expect((await h.ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const student = await h.ctx.app.inject({
        method: 'GET',
        url,
        headers: { cookie: h.seed.cookies.enrolled },
      });
      expect(student.statusCode).toBe(403);
      const res = await h.ctx.app.inject({ method: 'GET', url, headers: { cookie: h.seed.cookies.admin } });
      expect(res.statusCode).toBe(200);
      return res;
    }

    it('GET /api/media/topics lists topics and their media for admins only', async () => {
      const res = await adminOnlyGet('/api/media/topics');
      const first = res.json().find((t: { id: string }) => t.id === h.seed.topic.id);
      expect(first).toMatchObject({ courseTitle: 'Drainage', moduleTitle: 'Intro' });
      expect(first.videoPath).toMatch(/^\/objects\/video\//);
    });

    it('mediaPathsOf collects what a cascaded delete must release', async () => {
      const [topic] = await h.ctx.db.select().from(topics).where(eq(topics.id, h.seed.topic.id));
      const ofTopic = await mediaPathsOf(h.ctx.db, { topicId: h.seed.topic.id });
      expect(ofTopic).toEqual(expect.arrayContaining([topic!.videoPath, topic!.presentationPath]));
      const ofModule = await mediaPathsOf(h.ctx.db, { moduleId: topic!.moduleId });
      expect(ofModule).toEqual(expect.arrayContaining(ofTopic));
      const ofCourse = await mediaPathsOf(h.ctx.db, { courseId: h.seed.course.id });
      expect(ofCourse).toEqual(expect.arrayContaining(ofModule));
      expect(ofCourse.some((p) => p.startsWith('/objects/image/'))).toBe(true);
    });

    it('GET /api/objects lists uploads for admins only', async () => {
      const res = await adminOnlyGet('/api/objects');
      expect(res.json().length).toBeGreaterThan(0);
    });
  });
}
