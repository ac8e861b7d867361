import { enrol } from '#server/test/factories.ts';
import { buildCourse } from '#server/test/fixtures/learning-course.ts';
import { createTestApp } from '#server/test/harness.ts';

/**
 * The world of the learning API tests: two courses (Drainage, Groundworks; see buildCourse), a student enrolled on
 * the first, another student on the second and an admin, all signed in.
 */
export async function learningWorld() {
  const t = await createTestApp();
  const fx = await buildCourse(t.db, 'Drainage');
  const other = await buildCourse(t.db, 'Groundworks');
  const student = await t.createUser({ firstName: 'Sam' });
  const otherStudent = await t.createUser({ firstName: 'Olly' });
  const admin = await t.createUser({ role: 'admin', firstName: 'Ada' });
  await enrol(t.db, student.id, fx.course.id);
  await enrol(t.db, otherStudent.id, other.course.id);
  const cookies = {
    student: await t.login(student),
    other: await t.login(otherStudent),
    admin: await t.login(admin),
  };
  return { t, fx, other, student, otherStudent, admin, cookies };
}

export type LearningWorld = Awaited<ReturnType<typeof learningWorld>>;
export type Who = keyof LearningWorld['cookies'] | 'anonymous';

/** `call('student', 'GET', url)`: a request as one of the world's people (or nobody), through the real app. */
export function callerIn(world: () => LearningWorld) {
  return (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    world().t.app.inject({
      method,
      url,
      headers: who === 'anonymous' ? {} : { cookie: world().cookies[who] },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export const video = (topicId: string) => `/api/topics/${topicId}/video-progress`;
