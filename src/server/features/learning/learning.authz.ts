import type { AuthzCase } from '#server/test/authz.ts';
import { enrolledCourse, ownerOnly, signedIn } from '#server/test/authz-fixtures.ts';

// The student is enrolled in the prepared course; otherStudent and teamManager are not; admins see every course.
export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/user/courses', expect: signedIn(200), note: 'own enrolments' },
  {
    method: 'GET',
    url: '/api/modules',
    prepare: async (world) => ({ query: `courseId=${(await enrolledCourse(world)).courseId}` }),
    expect: ownerOnly(200, 403),
    note: 'a course the caller is not enrolled in',
  },
  {
    method: 'GET',
    url: '/api/modules/:id/topics',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).moduleId } }),
    expect: ownerOnly(200, [403, 404]),
  },
  {
    method: 'GET',
    url: '/api/topics/:id',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world, 'video')).topicId } }),
    expect: ownerOnly(200, 403),
    note: 'a topic of a course the caller is not enrolled in',
  },
  {
    method: 'POST',
    url: '/api/topics/:id/open',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).topicId } }),
    expect: ownerOnly(200, 403),
    note: 'records the opening (may complete the topic): a POST, own courses only',
  },
  {
    method: 'POST',
    url: '/api/topics/:id/video-progress',
    prepare: async (world) => ({
      params: { id: (await enrolledCourse(world, 'video')).topicId },
      body: { positionSeconds: 5, event: 'progress' },
    }),
    expect: ownerOnly(200, 403),
  },
  {
    method: 'GET',
    url: '/api/topics/:id/quiz',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world, 'quiz')).topicId } }),
    expect: ownerOnly(200, 403),
  },
  {
    method: 'POST',
    url: '/api/topics/:id/quiz/attempts',
    prepare: async (world) => {
      const c = await enrolledCourse(world, 'quiz');
      return {
        params: { id: c.topicId },
        body: { answers: [{ questionId: c.questionId, answerId: c.answerId }] },
      };
    },
    expect: ownerOnly(201, 403),
  },
  { method: 'GET', url: '/api/progress', expect: signedIn(200), note: 'own progress' },
  {
    method: 'PUT',
    url: '/api/progress',
    prepare: async (world) => ({
      body: { moduleId: (await enrolledCourse(world)).moduleId, progressPercentage: 10 },
    }),
    expect: ownerOnly(200, [403, 404]),
  },
  {
    method: 'POST',
    url: '/api/resources/:resourceId/access',
    prepare: async (world) => ({
      params: { resourceId: `${(await enrolledCourse(world, 'video')).topicId}-video` },
    }),
    expect: ownerOnly(204, 403),
  },
];
