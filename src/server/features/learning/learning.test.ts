import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moduleProgress,
  quizAttempts,
  resourceAccessEvents,
  topicProgress,
  topics,
} from '#server/db/schema/index.ts';
import { enrol } from '#server/test/factories.ts';
import type { TestContext, TestUser } from '#server/test/harness.ts';
import { resourceId } from '#shared/schemas/learning.ts';
import { callerIn, type LearningWorld, learningWorld, video } from './learning.fixtures.ts';

// A student works through a module (video, quiz, topics and modules completing), what PUT /api/progress may
// claim, and resource access events once topics are open. Who may call which route: learning-access.test.ts.

let world: LearningWorld;
let t: TestContext;
let fx: LearningWorld['fx'];
let other: LearningWorld['other'];
let student: TestUser;

beforeAll(async () => {
  world = await learningWorld();
  ({ t, fx, other, student } = world);
});
afterAll(async () => {
  await t.close();
});

const call = callerIn(() => world);

/** Pretends `seconds` of wall-clock time passed since the student's last report on a topic. */
async function wait(userId: string, topicId: string, seconds: number) {
  await t.db
    .update(topicProgress)
    .set({
      lastReportAt: sql`${topicProgress.lastReportAt} - make_interval(secs => ${seconds})`,
      openedAt: sql`${topicProgress.openedAt} - make_interval(secs => ${seconds})`,
    })
    .where(and(eq(topicProgress.userId, userId), eq(topicProgress.topicId, topicId)));
}

describe('a student works through a module', () => {
  it('opens the first topic, with the video and no quiz yet', async () => {
    const res = await call('student', 'POST', `/api/topics/${fx.t1.id}/open`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Topic 1',
      videoPath: '/objects/video-1.mp4',
      presentationPath: '/objects/slides-1.pdf',
      presentationKind: 'pdf',
      hasQuiz: true,
      nextTopicId: fx.t2.id,
      progress: { videoCompleted: false, completed: false, videoPositionSeconds: 0 },
    });
    const quiz = await call('student', 'GET', `/api/topics/${fx.t1.id}/quiz`);
    expect(quiz.statusCode).toBe(403);
    const attempt = await call('student', 'POST', `/api/topics/${fx.t1.id}/quiz/attempts`, {
      answers: fx.quiz1.questions.map((q) => ({ questionId: q.id, answerId: q.correct })),
    });
    expect(attempt.statusCode).toBe(403);
  });

  it('refuses a single "ended" call right after opening', async () => {
    const res = await call('student', 'POST', video(fx.t1.id), {
      positionSeconds: 60,
      durationSeconds: 60,
      event: 'ended',
    });
    expect(res.statusCode).toBe(409);
    const topic = (await call('student', 'GET', `/api/topics/${fx.t1.id}`)).json();
    expect(topic.progress.videoCompleted).toBe(false);
    // Back to the start for the honest run below.
    await call('student', 'POST', video(fx.t1.id), { positionSeconds: 0, event: 'play' });
  });

  it('credits no more watched time than the clock allows when skipping ahead', async () => {
    await wait(student.id, fx.t1.id, 10);
    const res = await call('student', 'POST', video(fx.t1.id), { positionSeconds: 55, event: 'progress' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.progress.videoPositionSeconds).toBe(55);
    expect(body.progress.videoWatchedSeconds).toBeLessThan(30);
    expect(body.progress.videoCompleted).toBe(false);
    await wait(student.id, fx.t1.id, 5);
    const ended = await call('student', 'POST', video(fx.t1.id), { positionSeconds: 60, event: 'ended' });
    expect(ended.statusCode).toBe(409);
    // Rewind to the start and watch properly.
    await call('student', 'POST', video(fx.t1.id), { positionSeconds: 0, event: 'progress' });
  });

  it('saves the position (pause, leave) so playback resumes on any device', async () => {
    await wait(student.id, fx.t1.id, 10);
    await call('student', 'POST', video(fx.t1.id), { positionSeconds: 10, event: 'progress' });
    await wait(student.id, fx.t1.id, 10);
    const paused = await call('student', 'POST', video(fx.t1.id), { positionSeconds: 20, event: 'pause' });
    expect(paused.json().progress).toMatchObject({ videoPositionSeconds: 20 });
    // A second device (new session) sees the saved position.
    const again = await t.login(student);
    const topic = await t.app.inject({
      method: 'GET',
      url: `/api/topics/${fx.t1.id}`,
      headers: { cookie: again },
    });
    expect(topic.json().progress.videoPositionSeconds).toBe(20);
  });

  it('marks the video ended only after plausible watching, and opens the quiz without answer keys', async () => {
    for (const position of [30, 40, 50]) {
      await wait(student.id, fx.t1.id, 10);
      const res = await call('student', 'POST', video(fx.t1.id), {
        positionSeconds: position,
        event: 'progress',
      });
      expect(res.json().progress.videoCompleted).toBe(false);
    }
    await wait(student.id, fx.t1.id, 10);
    const ended = await call('student', 'POST', video(fx.t1.id), { positionSeconds: 60, event: 'ended' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      justCompleted: true,
      progress: { videoCompleted: true, completed: false },
    });
    // The topic is not complete until the quiz is passed; the next topic stays locked.
    expect((await call('student', 'GET', `/api/topics/${fx.t2.id}`)).statusCode).toBe(403);

    const quiz = await call('student', 'GET', `/api/topics/${fx.t1.id}/quiz`);
    expect(quiz.statusCode).toBe(200);
    expect(quiz.body).not.toContain('isCorrect');
    const body = quiz.json();
    expect(body).toMatchObject({ passingScore: 80, passed: false, attempts: [] });
    expect(body.questions).toHaveLength(2);
    expect(body.questions[0]).toMatchObject({ question: 'Question 1?', imagePath: '/objects/q1.png' });
    expect(body.questions[0].answers).toHaveLength(4);
    expect(Object.keys(body.questions[0].answers[0]).sort()).toEqual(['answerText', 'id', 'order']);
  });

  it('grades a failing attempt, stores it, and lets the student retry and pass', async () => {
    const [q1, q2] = fx.quiz1.questions;
    const fail = await call('student', 'POST', `/api/topics/${fx.t1.id}/quiz/attempts`, {
      answers: [
        { questionId: q1!.id, answerId: q1!.correct },
        { questionId: q2!.id, answerId: q2!.wrong },
      ],
    });
    expect(fail.statusCode).toBe(201);
    expect(fail.json()).toMatchObject({
      score: 50,
      passed: false,
      passingScore: 80,
      topicCompleted: false,
      pointsEarned: 1,
      pointsPossible: 2,
    });
    expect((await call('student', 'GET', `/api/topics/${fx.t2.id}`)).statusCode).toBe(403);

    // An answer from another question is refused.
    const bad = await call('student', 'POST', `/api/topics/${fx.t1.id}/quiz/attempts`, {
      answers: [{ questionId: q1!.id, answerId: q2!.correct }],
    });
    expect(bad.statusCode).toBe(400);

    const pass = await call('student', 'POST', `/api/topics/${fx.t1.id}/quiz/attempts`, {
      answers: fx.quiz1.questions.map((q) => ({ questionId: q.id, answerId: q.correct })),
    });
    expect(pass.statusCode).toBe(201);
    expect(pass.json()).toMatchObject({
      score: 100,
      passed: true,
      topicCompleted: true,
      nextTopicId: fx.t2.id,
      moduleProgressPercentage: '33.33',
    });

    const quiz = (await call('student', 'GET', `/api/topics/${fx.t1.id}/quiz`)).json();
    expect(quiz.passed).toBe(true);
    expect(quiz.attempts.map((a: { score: number }) => a.score)).toEqual([100, 50]);
    const stored = await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, student.id));
    expect(stored).toHaveLength(2);

    const modules = (await call('student', 'GET', '/api/modules')).json();
    expect(modules[0]).toMatchObject({ progressPercentage: '33.33', completedTopics: 1, isCompleted: false });
    const topics = (await call('student', 'GET', `/api/modules/${fx.moduleA.id}/topics`)).json();
    expect(topics.map((x: { isLocked: boolean }) => x.isLocked)).toEqual([false, false, true]);
  });

  it('opens the quiz at once for a topic without a video, and a topic with neither completes on opening', async () => {
    const t2 = (await call('student', 'POST', `/api/topics/${fx.t2.id}/open`)).json();
    expect(t2.progress).toMatchObject({ videoCompleted: true, completed: false });
    const pass = await call('student', 'POST', `/api/topics/${fx.t2.id}/quiz/attempts`, {
      answers: [{ questionId: fx.quiz2.questions[0]!.id, answerId: fx.quiz2.questions[0]!.correct }],
    });
    expect(pass.json()).toMatchObject({
      passed: true,
      nextTopicId: fx.t3.id,
      moduleProgressPercentage: '66.67',
    });

    // A GET only reads (a cross-site GET must change nothing); the client opens the topic with a POST.
    const peek = (await call('student', 'GET', `/api/topics/${fx.t3.id}`)).json();
    expect(peek.progress.completed).toBe(false);
    expect((await call('student', 'GET', '/api/modules')).json()[0].isCompleted).toBe(false);
    const t3 = (await call('student', 'POST', `/api/topics/${fx.t3.id}/open`)).json();
    expect(t3.progress.completed).toBe(true);
    const modules = (await call('student', 'GET', '/api/modules')).json();
    expect(modules[0]).toMatchObject({ progressPercentage: '100.00', isCompleted: true });
    expect(modules[1]).toMatchObject({ isLocked: false });
    const progress = (await call('student', 'GET', '/api/progress')).json();
    expect(progress).toContainEqual({
      moduleId: fx.moduleA.id,
      progressPercentage: '100.00',
      isCompleted: true,
    });
  });

  it('completes a quiz-less topic when its video ends, using the player’s length for that student only', async () => {
    await call('student', 'POST', `/api/topics/${fx.t4.id}/open`);
    await call('student', 'POST', video(fx.t4.id), {
      positionSeconds: 0,
      durationSeconds: 20.4,
      event: 'play',
    });
    await wait(student.id, fx.t4.id, 10);
    await call('student', 'POST', video(fx.t4.id), { positionSeconds: 10, event: 'progress' });
    await wait(student.id, fx.t4.id, 10);
    const ended = await call('student', 'POST', video(fx.t4.id), {
      positionSeconds: 20.4,
      durationSeconds: 5,
      event: 'ended',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      justCompleted: true,
      progress: { completed: true },
      moduleProgressPercentage: '100.00',
    });
    // A student's reported length is never stored on the topic: it is shared by every student.
    const topic = (await call('student', 'GET', `/api/topics/${fx.t4.id}`)).json();
    expect(topic.videoDurationSeconds).toBeNull();
    const [row] = await t.db.select().from(topics).where(eq(topics.id, fx.t4.id));
    expect(row!.videoDurationSeconds).toBeNull();
  });

  it('refuses video reports with bad values or on a topic without a video', async () => {
    expect(
      (await call('student', 'POST', video(fx.t4.id), { positionSeconds: -1, event: 'progress' })).statusCode,
    ).toBe(400);
    expect(
      (await call('student', 'POST', video(fx.t4.id), { positionSeconds: 1, event: 'skip' })).statusCode,
    ).toBe(400);
    expect(
      (await call('student', 'POST', video(fx.t3.id), { positionSeconds: 1, event: 'progress' })).statusCode,
    ).toBe(400);
  });
});

describe('PUT /api/progress', () => {
  it('validates range and enrolment, never goes backwards and stores only what was earned', async () => {
    expect(
      (await call('student', 'PUT', '/api/progress', { moduleId: fx.moduleA.id, progressPercentage: 101 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('student', 'PUT', '/api/progress', { moduleId: fx.moduleA.id, progressPercentage: -1 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('student', 'PUT', '/api/progress', { moduleId: other.moduleA.id, progressPercentage: 10 }))
        .statusCode,
    ).toBe(404);
    const backwards = await call('student', 'PUT', '/api/progress', {
      moduleId: fx.moduleA.id,
      progressPercentage: 50,
    });
    expect(backwards.statusCode).toBe(409);
    const same = await call('student', 'PUT', '/api/progress', {
      moduleId: fx.moduleA.id,
      progressPercentage: '100',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ moduleId: fx.moduleA.id, progressPercentage: '100.00', isCompleted: true });

    // A claim of 100% on a module nobody worked on is stored as the earned 0%.
    const fresh = await t.createUser();
    await enrol(t.db, fresh.id, fx.course.id);
    const cookie = await t.login(fresh);
    const claim = await t.app.inject({
      method: 'PUT',
      url: '/api/progress',
      headers: { cookie },
      payload: { moduleId: fx.moduleB.id, progressPercentage: 100 },
    });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toEqual({ moduleId: fx.moduleB.id, progressPercentage: '0.00', isCompleted: false });
    const [row] = await t.db
      .select()
      .from(moduleProgress)
      .where(and(eq(moduleProgress.userId, fresh.id), eq(moduleProgress.moduleId, fx.moduleB.id)));
    expect(Number(row!.progressPercentage)).toBe(0);
  });
});

describe('POST /api/resources/{id}/access', () => {
  it('records opening a video or presentation of an open topic', async () => {
    const res = await call(
      'student',
      'POST',
      `/api/resources/${resourceId(fx.t1.id, 'presentation')}/access`,
      { sessionDuration: 12 },
    );
    expect(res.statusCode).toBe(204);
    const noBody = await call('student', 'POST', `/api/resources/${resourceId(fx.t1.id, 'video')}/access`);
    expect(noBody.statusCode, noBody.body).toBe(204);
    const rows = await t.db
      .select()
      .from(resourceAccessEvents)
      .where(eq(resourceAccessEvents.userId, student.id));
    expect(rows.map((r) => [r.resourceType, r.sessionDuration]).sort()).toEqual([
      ['presentation', 12],
      ['video', 0],
    ]);
  });

  it('refuses unknown ids, missing resources and locked topics', async () => {
    expect((await call('student', 'POST', '/api/resources/not-a-resource/access', {})).statusCode).toBe(404);
    expect(
      (await call('student', 'POST', `/api/resources/${resourceId(fx.t3.id, 'video')}/access`, {}))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('other', 'POST', `/api/resources/${resourceId(other.t4.id, 'video')}/access`, {}))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('admin', 'POST', `/api/resources/${resourceId(other.t4.id, 'video')}/access`, {}))
        .statusCode,
    ).toBe(204);
  });
});
