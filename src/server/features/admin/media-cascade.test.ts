import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedObjects } from '#server/db/schema/index.ts';
import { objectKeyFrom } from '#server/features/media/index.ts';
import { fakeMp4, fakePdf, fakePng } from '#server/test/fixtures/media.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: admin } });

/** The browser's upload flow: ask for a URL, PUT the bytes, confirm. */
async function upload(fileType: 'image' | 'video' | 'presentation', body: Buffer, contentType: string) {
  const target = await call('POST', '/api/objects/upload', { fileType, contentType, size: body.length });
  expect(target.statusCode).toBe(200);
  const { uploadURL, objectPath, headers } = target.json();
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': contentType, ...headers },
    payload: body,
  });
  expect(put.statusCode).toBeLessThan(300);
  expect((await call('POST', '/api/objects/complete', { objectPath })).statusCode).toBe(200);
  return objectPath as string;
}

async function objectRows(paths: string[]) {
  const keys = paths.map((p) => objectKeyFrom(p)!);
  return t.db.select().from(storedObjects).where(inArray(storedObjects.key, keys));
}

const course = { title: 'Media course', description: 'd', courseType: 'fundamental' };

describe('media owned by admin content', () => {
  it('claims course images, releases a replaced one, and refuses files not uploaded here', async () => {
    const header = await upload('image', fakePng(), 'image/png');
    const created = await call('POST', '/api/admin/courses', { ...course, headerImagePath: header });
    expect(created.statusCode).toBe(201);
    expect(created.json().headerImagePath).toBe(header);
    expect((await objectRows([header]))[0]!.attachedAt).not.toBeNull();

    const replacement = await upload('image', fakePng(), 'image/png');
    const updated = await call('PUT', `/api/admin/courses/${created.json().id}`, {
      ...course,
      headerImagePath: replacement,
    });
    expect(updated.json().headerImagePath).toBe(replacement);
    expect(await objectRows([header])).toHaveLength(0);

    const bogus = await call('POST', '/api/admin/courses', {
      ...course,
      headerImagePath: 'https://elsewhere.example/x.png',
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toBe('This file was not uploaded through TradeSkills');
    const video = await upload('video', fakeMp4(), 'video/mp4');
    const wrongType = await call('POST', '/api/admin/courses', { ...course, featuredImagePath: video });
    expect(wrongType.json().message).toBe('This file was uploaded as video, not image');
  });

  it('keeps quiz images across edits and releases removed ones', async () => {
    const c = (await call('POST', '/api/admin/courses', course)).json();
    const m = (
      await call('POST', `/api/admin/courses/${c.id}/modules`, { title: 'M', description: 'd' })
    ).json();
    const tp = (
      await call('POST', `/api/admin/modules/${m.id}/topics`, { title: 'T', description: 'd' })
    ).json();
    const [a, b] = [
      await upload('image', fakePng(), 'image/png'),
      await upload('image', fakePng(), 'image/png'),
    ];
    const q = (image: string | null, text: string) => ({
      question: text,
      imagePath: image,
      answers: [{ answerText: 'x', isCorrect: true }],
    });
    const created = await call('POST', `/api/admin/topics/${tp.id}/quiz`, {
      quiz: { title: 'Q' },
      questions: [q(a, 'One'), q(b, 'Two')],
    });
    expect(created.statusCode).toBe(201);
    const edited = await call('PUT', `/api/admin/topics/${tp.id}/quiz`, {
      quiz: { title: 'Q' },
      questions: [q(a, 'One again')],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().questions[0].imagePath).toBe(a);
    expect((await objectRows([a, b])).map((r) => r.key)).toEqual([objectKeyFrom(a)]);
  });

  it('deleting a course removes the videos, presentations, quiz images and course images under it', async () => {
    const header = await upload('image', fakePng(), 'image/png');
    const c = (await call('POST', '/api/admin/courses', { ...course, headerImagePath: header })).json();
    const m = (
      await call('POST', `/api/admin/courses/${c.id}/modules`, { title: 'M', description: 'd' })
    ).json();
    const tp = (
      await call('POST', `/api/admin/modules/${m.id}/topics`, { title: 'T', description: 'd' })
    ).json();
    const video = await upload('video', fakeMp4(), 'video/mp4');
    const pdf = await upload('presentation', fakePdf(), 'application/pdf');
    expect((await call('PUT', `/api/topics/${tp.id}/video`, { videoURL: video })).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/topics/${tp.id}/presentation`, { presentationURL: pdf })).statusCode,
    ).toBe(200);
    const image = await upload('image', fakePng(), 'image/png');
    await call('POST', `/api/admin/topics/${tp.id}/quiz`, {
      quiz: { title: 'Q' },
      questions: [{ question: 'Q', imagePath: image, answers: [{ answerText: 'x', isCorrect: true }] }],
    });
    const listed = (await call('GET', `/api/admin/modules/${m.id}/topics`)).json();
    expect(listed[0]).toMatchObject({ videoPath: video, presentationPath: pdf });
    expect(await objectRows([header, video, pdf, image])).toHaveLength(4);

    expect((await call('DELETE', `/api/admin/courses/${c.id}`)).statusCode).toBe(204);
    expect(await objectRows([header, video, pdf, image])).toHaveLength(0);
    expect((await t.app.inject({ url: video, headers: { cookie: admin } })).statusCode).toBe(404);
  });

  it('deleting a topic or a module removes its media', async () => {
    const c = (await call('POST', '/api/admin/courses', course)).json();
    const m = (
      await call('POST', `/api/admin/courses/${c.id}/modules`, { title: 'M', description: 'd' })
    ).json();
    const t1 = (
      await call('POST', `/api/admin/modules/${m.id}/topics`, { title: 'T1', description: 'd' })
    ).json();
    const t2 = (
      await call('POST', `/api/admin/modules/${m.id}/topics`, { title: 'T2', description: 'd' })
    ).json();
    const v1 = await upload('video', fakeMp4(), 'video/mp4');
    const v2 = await upload('video', fakeMp4(), 'video/mp4');
    await call('PUT', `/api/topics/${t1.id}/video`, { videoURL: v1 });
    await call('PUT', `/api/topics/${t2.id}/video`, { videoURL: v2 });
    expect((await call('DELETE', `/api/admin/topics/${t1.id}`)).statusCode).toBe(204);
    expect(await objectRows([v1])).toHaveLength(0);
    expect(await objectRows([v2])).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/modules/${m.id}`)).statusCode).toBe(204);
    expect(await objectRows([v2])).toHaveLength(0);
  });
});
