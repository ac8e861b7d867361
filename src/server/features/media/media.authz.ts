import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { adminOnly, enrolledCourse, everyone, signedIn, staffGet } from '#server/test/authz-fixtures.ts';
import { fakePdf, fakePng } from '#server/test/fixtures/media.ts';

const attach = { body: { objectPath: `/objects/video/${crypto.randomUUID()}` } };

const SAMPLES = {
  image: { contentType: 'image/png', body: fakePng },
  document: { contentType: 'application/pdf', body: fakePdf },
} as const;

/** A real file `student` uploads through the API (signed URL, PUT, complete) and has not attached yet. */
async function studentsUpload(
  world: AuthzWorld,
  fileType: keyof typeof SAMPLES,
): Promise<{ kind: string; id: string }> {
  const { contentType, body: sample } = SAMPLES[fileType];
  const body = sample();
  const headers = { cookie: world.cookies.student };
  const target = await world.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers,
    payload: { fileType, contentType, size: body.length },
  });
  const { uploadURL, objectPath } = target.json() as { uploadURL: string; objectPath: string };
  await world.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': contentType },
    payload: body,
  });
  const complete = await world.app.inject({
    method: 'POST',
    url: '/api/objects/complete',
    headers,
    payload: { objectPath },
  });
  if (complete.statusCode !== 200) throw new Error(`upload failed: ${complete.body}`);
  const [, , kind, id] = objectPath.split('/');
  return { kind: kind!, id: id! };
}

const uploads = new Map<string, Promise<{ kind: string; id: string }>>();

export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/objects/upload',
    prepare: () => ({ body: { fileType: 'image', contentType: 'image/png', size: 100 } }),
    expect: signedIn(200),
    note: 'any signed-in user may upload an image (avatar, evidence) or a PDF (evidence); other types are admin-only',
  },
  {
    method: 'POST',
    url: '/api/objects/complete',
    prepare: () => ({ body: { objectPath: `/objects/image/${crypto.randomUUID()}` } }),
    expect: signedIn(400),
    note: "only the uploader's own files",
  },
  { method: 'GET', url: '/api/objects', expect: adminOnly(200) },
  { method: 'GET', url: '/api/media/topics', expect: adminOnly(200) },
  {
    method: 'DELETE',
    url: '/api/objects/:kind/:id',
    prepare: () => ({ params: { kind: 'image', id: crypto.randomUUID() } }),
    expect: adminOnly([204, 404]),
  },
  {
    method: 'PUT',
    url: '/api/objects/upload/:kind/:id',
    prepare: () => ({
      params: { kind: 'image', id: crypto.randomUUID() },
      query: `max=100&expires=${Date.now() + 60_000}&sig=forged`,
      body: 'x',
      headers: { 'content-type': 'image/png' },
    }),
    expect: everyone(403),
    note: 'authorised by its signature only: a forged one is refused for everyone',
  },
  {
    method: 'GET',
    url: '/objects/:kind/:id',
    prepare: () => ({ params: { kind: 'video', id: crypto.randomUUID() } }),
    expect: everyone(404),
    note: 'unknown media reveals nothing',
  },
  ...(['image', 'document'] as const).map(
    (fileType): AuthzCase => ({
      method: 'GET',
      url: '/objects/:kind/:id',
      // One upload per run, read by every actor (uploads are throttled per account).
      prepare: async (world) => {
        if (!uploads.has(fileType)) uploads.set(fileType, studentsUpload(world, fileType));
        return { params: await uploads.get(fileType)! };
      },
      expect: {
        anonymous: 401,
        student: 200,
        otherStudent: 403,
        teamManager: 403,
        admin: 200,
        ...staffGet(403),
      },
      note: `a real ${fileType === 'image' ? 'image' : 'PDF'} the student uploaded (OTJ evidence): only its uploader and admins`,
    }),
  ),
  {
    method: 'PUT',
    url: '/api/topics/:id/video',
    prepare: async (world) => ({
      params: { id: (await enrolledCourse(world)).topicId },
      body: { videoURL: `/objects/video/${crypto.randomUUID()}` },
    }),
    expect: { ...adminOnly(400), instructor: 400 },
    note: 'admins and the course’s instructors; an object never uploaded is refused',
  },
  {
    method: 'PUT',
    url: '/api/topics/:id/presentation',
    prepare: async (world) => ({
      params: { id: (await enrolledCourse(world)).topicId },
      body: { presentationURL: `/objects/document/${crypto.randomUUID()}` },
    }),
    expect: { ...adminOnly(400), instructor: 400 },
  },
  {
    method: 'PUT',
    url: '/api/courses/:id/header-image',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).courseId }, ...attach }),
    expect: adminOnly(400),
  },
  {
    method: 'PUT',
    url: '/api/courses/:id/featured-image',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).courseId }, ...attach }),
    expect: adminOnly(400),
  },
];
