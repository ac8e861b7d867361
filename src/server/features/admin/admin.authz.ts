import { eq } from 'drizzle-orm';
import { liveSessions } from '#server/db/schema/index.ts';
import type { AuthzCase } from '#server/test/authz.ts';
import { adminOnly, attendedLiveSession, enrolledCourse } from '#server/test/authz-fixtures.ts';

// Every /api/admin route: 401 signed out, 403 for any student (the guard runs before the body is read), and for
// the admin the real answer on a real resource (or 400 for a body that fails validation: proof the guard let
// them through). Staff (docs/staff.md): the instructor teaches every course prepared here and may edit its
// content and run its live sessions; the other instructor, tutors and finance get 403.
const course = async (w: Parameters<NonNullable<AuthzCase['prepare']>>[0]) => enrolledCourse(w);
const student = (w: Parameters<NonNullable<AuthzCase['prepare']>>[0]) => ({ id: w.users.otherStudent.id });
/** Admins and the course's instructor get `status`; everyone else is refused. */
const teaching = (status: number | readonly number[]) => ({ ...adminOnly(status), instructor: status });
const moduleBody = { title: 'Wiring', description: 'Ring mains', order: 2, duration: 30 };
const topicBody = { title: 'Cable sizes', description: 'Tables', order: 2 };
const quizBody = {
  quiz: { title: 'Check', passingScore: 50 },
  questions: [{ question: 'Volts?', answers: [{ answerText: '230', isCorrect: true }] }],
};
const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const sessionBody = (courseId: string | null) => ({
  title: 'Q&A',
  startTime: soon(24),
  endTime: soon(25),
  sessionType: 'online',
  courseId,
});
/** A live session of a course the instructor teaches. */
const taughtSession = async (w: Parameters<NonNullable<AuthzCase['prepare']>>[0]) => {
  const { courseId } = await course(w);
  const id = await attendedLiveSession(w);
  await w.database.db.update(liveSessions).set({ courseId }).where(eq(liveSessions.id, id));
  return { id, courseId };
};

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
    url: '/api/admin/courses/:id/progress',
    prepare: async (w) => ({ params: { id: (await course(w)).courseId } }),
    expect: teaching(200),
    note: "admins and the course's instructors: its students' progress",
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
  { method: 'GET', url: '/api/admin/courses', expect: { ...teaching(200), otherInstructor: 200 } },
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
    expect: teaching(200),
  },
  {
    method: 'POST',
    url: '/api/admin/courses/:courseId/modules',
    prepare: async (w) => ({ params: { courseId: (await course(w)).courseId }, body: moduleBody }),
    expect: teaching(201),
  },
  {
    method: 'PUT',
    url: '/api/admin/modules/:id',
    prepare: async (w) => ({ params: { id: (await course(w)).moduleId }, body: moduleBody }),
    expect: teaching(200),
  },
  {
    method: 'DELETE',
    url: '/api/admin/modules/:id',
    prepare: async (w) => ({ params: { id: (await course(w)).moduleId } }),
    expect: teaching([200, 204]),
  },
  {
    method: 'GET',
    url: '/api/admin/modules/:moduleId/topics',
    prepare: async (w) => ({ params: { moduleId: (await course(w)).moduleId } }),
    expect: teaching(200),
  },
  {
    method: 'POST',
    url: '/api/admin/modules/:moduleId/topics',
    prepare: async (w) => ({ params: { moduleId: (await course(w)).moduleId }, body: topicBody }),
    expect: teaching(201),
  },
  {
    method: 'PUT',
    url: '/api/admin/topics/:id',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w)).topicId }, body: topicBody }),
    expect: teaching(200),
  },
  {
    method: 'DELETE',
    url: '/api/admin/topics/:id',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w)).topicId } }),
    expect: teaching([200, 204]),
  },
  {
    method: 'GET',
    url: '/api/admin/topics/:id/quiz',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w, 'quiz')).topicId } }),
    expect: teaching(200),
  },
  {
    method: 'POST',
    url: '/api/admin/topics/:id/quiz',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w)).topicId }, body: quizBody }),
    expect: teaching(201),
  },
  {
    method: 'PUT',
    url: '/api/admin/topics/:id/quiz',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w, 'quiz')).topicId }, body: quizBody }),
    expect: teaching(200),
  },
  {
    method: 'DELETE',
    url: '/api/admin/topics/:id/quiz',
    prepare: async (w) => ({ params: { id: (await enrolledCourse(w, 'quiz')).topicId } }),
    expect: teaching([200, 204]),
  },
  { method: 'GET', url: '/api/admin/sessions', expect: { ...teaching(200), otherInstructor: 200 } },
  {
    method: 'POST',
    url: '/api/admin/sessions',
    prepare: async (w) => ({ body: sessionBody((await course(w)).courseId) }),
    expect: teaching(201),
    note: 'a session of a course the instructor teaches',
  },
  {
    method: 'POST',
    url: '/api/admin/sessions',
    prepare: () => ({ body: sessionBody(null) }),
    expect: adminOnly(201),
    note: 'a session of no course: admins only',
  },
  {
    method: 'PUT',
    url: '/api/admin/sessions/:id',
    prepare: async (w) => {
      const { id, courseId } = await taughtSession(w);
      return { params: { id }, body: sessionBody(courseId) };
    },
    expect: teaching(200),
  },
  {
    method: 'POST',
    url: '/api/admin/sessions/:id/cancel',
    prepare: async (w) => ({ params: { id: (await taughtSession(w)).id } }),
    expect: teaching(200),
  },
  {
    method: 'POST',
    url: '/api/admin/sessions/:id/restore',
    prepare: async (w) => ({ params: { id: (await taughtSession(w)).id } }),
    expect: teaching(200),
  },
  {
    method: 'DELETE',
    url: '/api/admin/sessions/:id',
    prepare: async (w) => ({ params: { id: (await taughtSession(w)).id } }),
    expect: teaching([200, 204]),
  },
];
