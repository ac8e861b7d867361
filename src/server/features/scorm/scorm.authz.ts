import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { adminOnly, enrolledCourse, everyone, ownerOnly } from '#server/test/authz-fixtures.ts';
import { scormZip } from '#server/test/fixtures/scorm-zip.ts';

// SCORM packages (README 'SCORM packages'): attaching and the report are for admins and the course's instructors; the run is the enrolled
// student's (and an admin's preview); package files are for whoever holds the launch URL's token, which only
// those callers are given (docs/decisions/0017-scorm-opaque-origin.md).

/** A topic of `student`'s course playing a real package (uploaded and attached as the admin). */
async function packageTopic(world: AuthzWorld): Promise<string> {
  const { topicId } = await enrolledCourse(world);
  const zip = scormZip('1.2');
  const headers = { cookie: world.cookies.admin };
  const target = await world.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers,
    payload: { fileType: 'package', contentType: 'application/zip', size: zip.length },
  });
  const { uploadURL, objectPath } = target.json() as { uploadURL: string; objectPath: string };
  await world.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': 'application/zip' },
    payload: zip,
  });
  await world.app.inject({
    method: 'PUT',
    url: `/api/topics/${topicId}/package`,
    headers,
    payload: { objectKey: objectPath },
  });
  return topicId;
}

export const authzCases: AuthzCase[] = [
  {
    method: 'PUT',
    url: '/api/topics/:id/package',
    prepare: async (world) => ({
      params: { id: (await enrolledCourse(world)).topicId },
      body: { objectKey: `/objects/package/${crypto.randomUUID()}` },
    }),
    expect: { ...adminOnly(400), instructor: 400 },
    note: "admins and the course's instructors; an unknown upload is refused after the guard",
  },
  {
    method: 'DELETE',
    url: '/api/topics/:id/package',
    prepare: async (world) => ({ params: { id: await packageTopic(world) } }),
    expect: { ...adminOnly(204), instructor: 204 },
  },
  {
    method: 'GET',
    url: '/api/topics/:id/scorm',
    prepare: async (world) => ({ params: { id: await packageTopic(world) } }),
    expect: ownerOnly(200, 403),
    note: 'enrolled students and admins',
  },
  {
    method: 'PUT',
    url: '/api/topics/:id/scorm',
    prepare: async (world) => ({
      params: { id: await packageTopic(world) },
      body: { cmi: { core: { lesson_status: 'incomplete' } } },
    }),
    expect: ownerOnly(204, 403),
  },
  {
    method: 'GET',
    url: '/api/admin/topics/:id/scorm',
    prepare: async (world) => ({ params: { id: await packageTopic(world) } }),
    expect: { ...adminOnly(200), instructor: 200 },
    note: "admins and the course's instructors: its students' progress",
  },
  { method: 'GET', url: '/scorm-runtime.js', expect: everyone(200), note: 'the public SCORM API shim' },
  {
    method: 'GET',
    url: '/scorm-content/:token/*',
    prepare: async (world) => {
      const topicId = await packageTopic(world);
      const res = await world.app.inject({
        method: 'GET',
        url: `/api/topics/${topicId}/scorm`,
        headers: { cookie: world.cookies.student },
      });
      const [, , token] = (res.json() as { launchUrl: string }).launchUrl.split('/');
      return { params: { token: token!, '*': 'index.html' } };
    },
    expect: everyone(200),
    note: 'a capability URL: the token, given only to the enrolled student or an admin, is the access',
  },
];
