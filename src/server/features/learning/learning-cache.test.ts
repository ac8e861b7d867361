import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '#server/test/db-target.ts';
import { createCourse, createModule, createTopic, enrol } from '#server/test/factories.ts';
import { buildCourse, createQuiz } from '#server/test/fixtures/learning-course.ts';
import { fakePdf } from '#server/test/fixtures/media.ts';
import { createTestApp, eventually, type TestContext, type TestUser } from '#server/test/harness.ts';
import type { LearningModule, TopicSummary } from '#shared/schemas/learning.ts';

// The portal reads course outlines and learner state from an in-process cache (learning.cache.ts). Every change
// must show on the next request in the process that made it, and within moments in every other process (here a
// second app on the same database). Each test first reads through both apps so that both have it cached.

let t: TestContext;
let other: Awaited<ReturnType<TestContext['secondInstance']>>;
let fx: Awaited<ReturnType<typeof buildCourse>>;
let admin: TestUser;
let student: TestUser;
const cookies = { admin: '', student: '' };

beforeAll(async () => {
  t = await createTestApp();
  other = await t.secondInstance();
  fx = await buildCourse(t.db, 'Drainage');
  admin = await t.createUser({ role: 'admin' });
  student = await t.createUser({ firstName: 'Sam' });
  await enrol(t.db, student.id, fx.course.id);
  cookies.admin = await t.login(admin);
  cookies.student = await t.login(student);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Who = keyof typeof cookies;
const call = (
  app: FastifyInstance,
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });

const modulesOf = async (app: FastifyInstance, courseId: string) => {
  const res = await call(app, 'student', 'GET', `/api/modules?courseId=${courseId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as LearningModule[];
};
const topicsOf = async (app: FastifyInstance, moduleId: string) => {
  const res = await call(app, 'student', 'GET', `/api/modules/${moduleId}/topics`);
  expect(res.statusCode).toBe(200);
  return res.json() as TopicSummary[];
};

/** Runs `check` on this app now, and on the other app until it holds. */
async function everywhere(check: (app: FastifyInstance) => Promise<void>) {
  await check(t.app);
  await eventually(() => check(other.app));
}

describe(`learning cache (${testDbKind()})`, () => {
  it('an enrolment made on one server opens the course on every server', async () => {
    const extra = await buildCourse(t.db, 'Plumbing');
    for (const app of [t.app, other.app]) {
      expect((await call(app, 'student', 'GET', `/api/modules?courseId=${extra.course.id}`)).statusCode).toBe(
        403,
      );
    }
    const res = await call(t.app, 'admin', 'POST', `/api/admin/students/${student.id}/enrolments`, {
      courseId: extra.course.id,
    });
    expect(res.statusCode).toBe(200);
    await everywhere(async (app) => {
      expect((await modulesOf(app, extra.course.id)).map((m) => m.title)).toEqual(['Module A', 'Module B']);
    });
  });

  it('modules, topics and quizzes an admin adds, edits or deletes reach the portal', async () => {
    for (const app of [t.app, other.app]) await modulesOf(app, fx.course.id);
    const created = await call(t.app, 'admin', 'POST', `/api/admin/courses/${fx.course.id}/modules`, {
      title: 'Module C',
      description: 'Later',
      order: 3,
      duration: 30,
    });
    expect(created.statusCode).toBe(201);
    const moduleC = created.json().id as string;
    await everywhere(async (app) => {
      expect((await modulesOf(app, fx.course.id)).map((m) => m.title)).toEqual([
        'Module A',
        'Module B',
        'Module C',
      ]);
    });

    const topic = await call(t.app, 'admin', 'POST', `/api/admin/modules/${moduleC}/topics`, {
      title: 'Soakaways',
      description: 'Percolation tests',
      order: 1,
    });
    expect(topic.statusCode).toBe(201);
    await everywhere(async (app) => {
      const [mod] = (await modulesOf(app, fx.course.id)).filter((m) => m.id === moduleC);
      expect(mod?.topicCount).toBe(1);
    });

    const quiz = await call(t.app, 'admin', 'POST', `/api/admin/topics/${topic.json().id}/quiz`, {
      quiz: { title: 'Check', passingScore: 80 },
      questions: [
        {
          question: 'Which?',
          answers: [
            { answerText: 'A', isCorrect: true },
            { answerText: 'B', isCorrect: false },
            { answerText: 'C', isCorrect: false },
            { answerText: 'D', isCorrect: false },
          ],
        },
      ],
    });
    expect(quiz.statusCode).toBe(201);
    // Admins see every topic, locked or not: the new quiz shows in their topic list everywhere.
    await everywhere(async (app) => {
      const res = await call(app, 'admin', 'GET', `/api/modules/${moduleC}/topics`);
      expect(res.json()[0].hasQuiz).toBe(true);
    });

    expect((await call(t.app, 'admin', 'DELETE', `/api/admin/modules/${moduleC}`)).statusCode).toBe(204);
    await everywhere(async (app) => {
      expect((await modulesOf(app, fx.course.id)).map((m) => m.title)).toEqual(['Module A', 'Module B']);
    });
  });

  it('a presentation attached to a topic reaches the portal', async () => {
    for (const app of [t.app, other.app])
      expect((await topicsOf(app, fx.moduleA.id))[1]!.hasPresentation).toBe(false);
    const body = fakePdf();
    const target = await call(t.app, 'admin', 'POST', '/api/objects/upload', {
      fileType: 'presentation',
      contentType: 'application/pdf',
      size: body.length,
    });
    expect(target.statusCode).toBe(200);
    const { uploadURL, objectPath, headers } = target.json();
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'application/pdf', ...headers },
      payload: body,
    });
    expect(put.statusCode).toBeLessThan(300);
    expect((await call(t.app, 'admin', 'POST', '/api/objects/complete', { objectPath })).statusCode).toBe(
      200,
    );
    const attached = await call(t.app, 'admin', 'PUT', `/api/topics/${fx.t2.id}/presentation`, {
      presentationURL: objectPath,
    });
    expect(attached.statusCode).toBe(200);
    await everywhere(async (app) => {
      expect((await topicsOf(app, fx.moduleA.id))[1]!.hasPresentation).toBe(true);
    });
  });

  it('finishing a topic on one server opens the next one on every server', async () => {
    // A course of its own: topic 1 has nothing to watch and completes on opening; topic 2 is a quiz only.
    const course = await createCourse(t.db, 'Roofing');
    const mod = await createModule(t.db, course.id, 1);
    const first = await createTopic(t.db, mod.id, 1);
    const second = await createTopic(t.db, mod.id, 2);
    const third = await createTopic(t.db, mod.id, 3);
    const quiz = await createQuiz(t.db, second.id, 1);
    const enrolled = await call(t.app, 'admin', 'POST', `/api/admin/students/${student.id}/enrolments`, {
      courseId: course.id,
    });
    expect(enrolled.statusCode).toBe(200);
    for (const app of [t.app, other.app]) {
      expect((await topicsOf(app, mod.id)).map((x) => x.isLocked)).toEqual([false, true, true]);
    }

    expect((await call(other.app, 'student', 'POST', `/api/topics/${first.id}/open`)).statusCode).toBe(200);
    await check(other.app, t.app, [false, false, true]);
    expect((await call(t.app, 'student', 'POST', `/api/topics/${second.id}/open`)).statusCode).toBe(200);

    const attempt = await call(t.app, 'student', 'POST', `/api/topics/${second.id}/quiz/attempts`, {
      answers: [{ questionId: quiz.questions[0]!.id, answerId: quiz.questions[0]!.correct }],
    });
    expect(attempt.json()).toMatchObject({ passed: true, nextTopicId: third.id });
    await check(t.app, other.app, [false, false, false]);
    await everywhere(async (app) => {
      const [summary] = (await modulesOf(app, course.id)).filter((m) => m.id === mod.id);
      expect(summary).toMatchObject({ completedTopics: 2, progressPercentage: '66.67' });
    });

    async function check(writer: FastifyInstance, reader: FastifyInstance, locks: boolean[]) {
      expect((await topicsOf(writer, mod.id)).map((x) => x.isLocked)).toEqual(locks);
      await eventually(async () =>
        expect((await topicsOf(reader, mod.id)).map((x) => x.isLocked)).toEqual(locks),
      );
    }
  });
});
