import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#server/test/harness.ts';
import { resourceId } from '#shared/schemas/learning.ts';
import { callerIn, type LearningWorld, learningWorld, video } from './learning.fixtures.ts';

// Who may call which learning route, what each caller is shown before any progress, and the caller's course
// list. Working through a course and what it records: learning.test.ts.

let world: LearningWorld;
let t: TestContext;
let fx: LearningWorld['fx'];
let other: LearningWorld['other'];

beforeAll(async () => {
  world = await learningWorld();
  ({ t, fx, other } = world);
});
afterAll(async () => {
  await t.close();
});

const call = callerIn(() => world);

describe('access control on every learning route', () => {
  it('refuses anonymous callers with 401', async () => {
    const urls: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/api/modules'],
      ['GET', `/api/modules/${fx.moduleA.id}/topics`],
      ['GET', `/api/topics/${fx.t1.id}`],
      ['GET', `/api/topics/${fx.t1.id}/quiz`],
      ['POST', `/api/topics/${fx.t1.id}/quiz/attempts`, { answers: [] }],
      ['POST', video(fx.t1.id), { positionSeconds: 1, event: 'progress' }],
      ['GET', '/api/progress'],
      ['PUT', '/api/progress', { moduleId: fx.moduleA.id, progressPercentage: 10 }],
      ['POST', `/api/resources/${resourceId(fx.t1.id, 'video')}/access`, {}],
      ['GET', '/api/user/courses'],
    ];
    for (const [method, url, payload] of urls) {
      const res = await call('anonymous', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists only the enrolled course modules, first open and later ones locked', async () => {
    const res = await call('student', 'GET', '/api/modules');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((m: { title: string }) => m.title)).toEqual(['Module A', 'Module B']);
    expect(list[0]).toMatchObject({
      courseId: fx.course.id,
      isLocked: false,
      progressPercentage: '0.00',
      topicCount: 3,
    });
    expect(list[1]).toMatchObject({ isLocked: true, progressPercentage: '0.00' });

    // Another student's course is invisible.
    expect((await call('student', 'GET', `/api/modules?courseId=${other.course.id}`)).statusCode).toBe(403);
    const mine = (await call('other', 'GET', '/api/modules')).json();
    expect(mine.every((m: { courseId: string }) => m.courseId === other.course.id)).toBe(true);
  });

  it('gives admins any course with nothing locked', async () => {
    const res = await call('admin', 'GET', `/api/modules?courseId=${fx.course.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().every((m: { isLocked: boolean }) => !m.isLocked)).toBe(true);
    const topics = (await call('admin', 'GET', `/api/modules/${fx.moduleB.id}/topics`)).json();
    expect(topics[0].isLocked).toBe(false);
    expect((await call('admin', 'GET', `/api/topics/${fx.t3.id}`)).statusCode).toBe(200);
    const preview = (await call('admin', 'GET', `/api/topics/${other.t1.id}`)).json();
    // The quiz is open to them, but the progress line does not claim they watched the video.
    expect(preview.progress).toMatchObject({ videoCompleted: false, quizUnlocked: true, completed: false });
    // Admins see the quiz at once, still without the answer key.
    const quiz = await call('admin', 'GET', `/api/topics/${other.t1.id}/quiz`);
    expect(quiz.statusCode).toBe(200);
    expect(quiz.body).not.toContain('isCorrect');
  });

  it('hides modules and topics of courses the student is not enrolled in', async () => {
    expect((await call('other', 'GET', `/api/modules/${fx.moduleA.id}/topics`)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/topics/${fx.t1.id}`)).statusCode).toBe(403);
    expect((await call('other', 'GET', `/api/topics/${fx.t1.id}/quiz`)).statusCode).toBe(403);
    expect(
      (await call('other', 'POST', video(fx.t1.id), { positionSeconds: 1, event: 'progress' })).statusCode,
    ).toBe(403);
    expect(
      (await call('other', 'POST', `/api/resources/${resourceId(fx.t1.id, 'video')}/access`, {})).statusCode,
    ).toBe(403);
    expect(
      (await call('other', 'PUT', '/api/progress', { moduleId: fx.moduleA.id, progressPercentage: 0 }))
        .statusCode,
    ).toBe(404);
  });

  it('lists topics with only the first one open and refuses jumping to a locked topic', async () => {
    const topics = (await call('student', 'GET', `/api/modules/${fx.moduleA.id}/topics`)).json();
    expect(topics.map((x: { isLocked: boolean }) => x.isLocked)).toEqual([false, true, true]);
    expect(topics[0]).toMatchObject({
      hasVideo: true,
      hasQuiz: true,
      hasPresentation: true,
      isCompleted: false,
    });
    expect((await call('student', 'GET', `/api/topics/${fx.t2.id}`)).statusCode).toBe(403);
    expect((await call('student', 'GET', `/api/topics/${fx.t4.id}`)).statusCode).toBe(403);
    expect((await call('student', 'GET', `/api/topics/${fx.t2.id}/quiz`)).statusCode).toBe(403);
    expect((await call('student', 'GET', `/api/modules/${fx.moduleB.id}/topics`)).json()[0].isLocked).toBe(
      true,
    );
    expect(
      (await call('student', 'GET', '/api/topics/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/user/courses', () => {
  it('lists the student’s own courses and every course for admins', async () => {
    const mine = (await call('student', 'GET', '/api/user/courses')).json();
    expect(mine.map((c: { id: string }) => c.id)).toEqual([fx.course.id]);
    const all = (await call('admin', 'GET', '/api/user/courses')).json();
    expect(all.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([fx.course.id, other.course.id]),
    );
  });
});
