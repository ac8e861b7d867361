import type { AuthzCase } from '#server/test/authz.ts';
import { adminOnly, enrolledCourse, everyone, signedIn } from '#server/test/authz-fixtures.ts';

const attach = { body: { objectPath: `/objects/video/${crypto.randomUUID()}` } };

export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/objects/upload',
    prepare: () => ({ body: { fileType: 'image', contentType: 'image/png', size: 100 } }),
    expect: signedIn(200),
    note: 'any signed-in user may upload an image (avatar); other types are admin-only',
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
  {
    method: 'PUT',
    url: '/api/topics/:id/video',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).topicId }, ...attach }),
    expect: adminOnly(400),
    note: 'admin only; an object never uploaded is refused',
  },
  {
    method: 'PUT',
    url: '/api/topics/:id/presentation',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).topicId }, ...attach }),
    expect: adminOnly(400),
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
