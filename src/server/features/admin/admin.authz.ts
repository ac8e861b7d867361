import type { AuthzCase } from '#server/test/authz.ts';
import { adminOnly, attendedLiveSession, enrolledCourse, ownerOnly } from '#server/test/authz-fixtures.ts';

// Every /api/admin route: 401 signed out, 403 for any student (the guard runs before the body is read), and for
// the admin the real answer on a real resource (or 400 for a body that fails validation: proof the guard let
// them through).
const course = async (w: Parameters<NonNullable<AuthzCase['prepare']>>[0]) => enrolledCourse(w);
const student = (w: Parameters<NonNullable<AuthzCase['prepare']>>[0]) => ({ id: w.users.otherStudent.id });

export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/admin/students', expect: adminOnly(200) },
  {
    method: 'GET',
    url: '/api/admin/students/:id',
    prepare: (w) => ({ params: student(w) }),
    expect: adminOnly(200),
  },
  { method: 'POST', url: '/api/admin/students', prepare: () => ({ body: {} }), expect: adminOnly(400) },
  {
    method: 'PATCH',
    url: '/api/admin/students/:id',
    prepare: (w) => ({ params: student(w), body: { nonsense: true } }),
    expect: adminOnly(400),
  },
  {
    method: 'POST',
    url: '/api/admin/students/:id/resend-credentials',
    expect: adminOnly(404),
    note: 'admin only; an unknown student is not found',
  },
  {
    method: 'POST',
    url: '/api/admin/students/:id/enrolments',
    prepare: (w) => ({ params: student(w), body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'DELETE',
    url: '/api/admin/students/:id/quiz-attempts',
    prepare: (w) => ({ params: student(w) }),
    expect: adminOnly([200, 204]),
  },
  {
    method: 'GET',
    url: '/api/admin/courses/:id/instructors',
    prepare: async (w) => ({ params: { id: (await course(w)).courseId } }),
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/admin/courses/:id/instructors',
    prepare: async (w) => ({ params: { id: (await course(w)).courseId }, body: { userIds: [] } }),
    expect: adminOnly(200),
  },
  { method: 'GET', url: '/api/admin/stats', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/analytics', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/courses', expect: adminOnly(200) },
  { method: 'POST', url: '/api/admin/courses', prepare: () => ({ body: {} }), expect: adminOnly(400) },
  {
    method: 'PUT',
    url: '/api/admin/courses/:id',
    prepare: async (w) => ({ params: { id: (await course(w)).courseId }, body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'DELETE',
    url: '/api/admin/courses/:id',
    prepare: async (w) => ({ params: { id: (await course(w)).courseId } }),
    expect: adminOnly(409),
    note: 'admin only; a course with enrolled students is refused',
  },
  {
    method: 'GET',
    url: '/api/admin/courses/:courseId/modules',
    prepare: async (w) => ({ params: { courseId: (await course(w)).courseId } }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    url: '/api/admin/courses/:courseId/modules',
    prepare: async (w) => ({ params: { courseId: (await course(w)).courseId }, body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'PUT',
    url: '/api/admin/modules/:id',
    prepare: async (w) => ({ params: { id: (await course(w)).moduleId }, body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'DELETE',
    url: '/api/admin/modules/:id',
    prepare: async (w) => ({ params: { id: (await course(w)).moduleId } }),
    expect: adminOnly([200, 204]),
  },
  {
    method: 'GET',
    url: '/api/admin/modules/:moduleId/topics',
    prepare: async (w) => ({ params: { moduleId: (await course(w)).moduleId } }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    url: '/api/admin/modules/:moduleId/topics',
    prepare: async (w) => ({ params: { moduleId: (await course(w)).moduleId }, body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'PUT',
    url: '/api/admin/topics/:id',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w)).topicId }, body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'DELETE',
    url: '/api/admin/topics/:id',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w)).topicId } }),
    expect: adminOnly([200, 204]),
  },
  {
    method: 'GET',
    url: '/api/admin/topics/:id/quiz',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w, 'quiz')).topicId } }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    url: '/api/admin/topics/:id/quiz',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w)).topicId }, body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'PUT',
    url: '/api/admin/topics/:id/quiz',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w, 'quiz')).topicId }, body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'DELETE',
    url: '/api/admin/topics/:id/quiz',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w, 'quiz')).topicId } }),
    expect: adminOnly([200, 204]),
  },
  { method: 'GET', url: '/api/admin/sessions', expect: adminOnly(200) },
  { method: 'POST', url: '/api/admin/sessions', prepare: () => ({ body: {} }), expect: adminOnly(400) },
  {
    method: 'PUT',
    url: '/api/admin/sessions/:id',
    prepare: async (w) => ({ params: { id: await attendedLiveSession(w) }, body: {} }),
    expect: adminOnly(400),
  },
  {
    method: 'POST',
    url: '/api/admin/sessions/:id/cancel',
    prepare: async (w) => ({ params: { id: await attendedLiveSession(w) } }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    url: '/api/admin/sessions/:id/restore',
    prepare: async (w) => ({ params: { id: await attendedLiveSession(w) } }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/admin/sessions/:id',
    prepare: async (w) => ({ params: { id: await attendedLiveSession(w) } }),
    expect: adminOnly([200, 204]),
  },
  {
    method: 'GET',
    url: '/api/sessions/:id/ics',
    prepare: async (w) => ({ params: { id: await attendedLiveSession(w) } }),
    expect: ownerOnly(200, [403, 404]),
    note: 'the calendar file of a session the caller attends',
  },
];
