import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrolments,
  liveSessionAttendees,
  liveSessions,
  otjEntries,
  topicProgress,
} from '#server/db/schema/index.ts';
import { createCourse, createModule, createTopic } from '#server/test/factories.ts';
import { createQuiz } from '#server/test/fixtures/learning-course.ts';
import { fakePdf, fakePng } from '#server/test/fixtures/media.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import {
  callerFor,
  daysAgo,
  otjEntryBody,
  otjPeople,
  seedApprenticeship,
  uploadFile,
} from './apprenticeships.fixtures.ts';
import { logLiveSessionAttendance } from './platform-learning.handler.ts';

// Evidence files on OTJ entries (a photo or a PDF, readable by the apprentice and admins only) and the learning
// on the platform that is logged as OTJ automatically. The log's rules, approval and figures: otj.test.ts.

let t: TestContext;
let admin: string;
let apprentice: TestUser;
let apprenticeCookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, apprentice, apprenticeCookie, otherCookie } = await otjPeople(t));
  await seedApprenticeship(t.db, apprentice.id);
});
afterAll(async () => {
  await t.close();
});

const call = callerFor(() => t.app);
const entry = otjEntryBody;

describe('evidence files', () => {
  const upload = (cookie: string, fileType: 'image' | 'document', contentType: string, bytes: Buffer) =>
    uploadFile(t.app, cookie, fileType, contentType, bytes);

  it.each([
    ['an image', 'image', 'image/png', fakePng()],
    ['a PDF', 'document', 'application/pdf', fakePdf()],
  ] as const)(
    'attaches %s that only the apprentice and admins may open',
    async (_, fileType, type, bytes) => {
      const { objectPath, status } = await upload(apprenticeCookie, fileType, type, bytes);
      expect(status).toBeLessThan(300);
      const res = await call(
        apprenticeCookie,
        'POST',
        '/api/otj',
        entry({ date: daysAgo(fileType === 'image' ? 90 : 89), evidencePath: objectPath }),
      );
      expect(res.statusCode).toBe(201);
      const own = await call(apprenticeCookie, 'GET', objectPath);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toContain(type);
      expect((await call(admin, 'GET', objectPath)).statusCode).toBe(200);
      expect((await call(otherCookie, 'GET', objectPath)).statusCode).toBe(403);
      expect((await call(null, 'GET', objectPath)).statusCode).toBe(401);
    },
  );

  it('takes only real PDFs as documents, and never videos or presentations from an apprentice', async () => {
    expect((await upload(apprenticeCookie, 'document', 'application/pdf', fakePng())).status).toBe(415);
    for (const fileType of ['video', 'presentation']) {
      const res = await call(apprenticeCookie, 'POST', '/api/objects/upload', { fileType });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses someone else’s upload as evidence', async () => {
    const { objectPath } = await upload(otherCookie, 'image', 'image/png', fakePng());
    const res = await call(
      apprenticeCookie,
      'POST',
      '/api/otj',
      entry({ date: daysAgo(91), evidencePath: objectPath }),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('platform learning', () => {
  it('logs video time actually watched and quiz time as pending online learning, marked with the source', async () => {
    const learner = await t.createUser();
    const cookie = await t.login(learner);
    await seedApprenticeship(t.db, learner.id);
    const course = await createCourse(t.db, 'Heating');
    const mod = await createModule(t.db, course.id, 1);
    const topic = await createTopic(t.db, mod.id, 1, {
      title: 'Boilers',
      videoPath: '/objects/video/boiler',
      videoDurationSeconds: 600,
    });
    await t.db.insert(enrolments).values({ userId: learner.id, courseId: course.id });
    // Enrolled before the first request: the learner state is cached (learning.cache.ts).
    const quizCourse = await createCourse(t.db, 'Heating theory');
    const quizTopic = await createTopic(t.db, (await createModule(t.db, quizCourse.id, 1)).id, 1, {
      title: 'Boilers',
    });
    const quiz = await createQuiz(t.db, quizTopic.id, 2);
    await t.db.insert(enrolments).values({ userId: learner.id, courseId: quizCourse.id });

    const report = (positionSeconds: number) =>
      call(cookie, 'POST', `/api/topics/${topic.id}/video-progress`, { positionSeconds, event: 'progress' });
    expect((await report(0)).statusCode).toBe(200);
    await t.db
      .update(topicProgress)
      .set({ lastReportAt: sql`${topicProgress.lastReportAt} - interval '20 seconds'` })
      .where(eq(topicProgress.userId, learner.id));
    await report(20);
    // A jump ahead without the time to watch it earns nothing more.
    await report(500);
    const [video] = await t.db
      .select()
      .from(otjEntries)
      .where(and(eq(otjEntries.studentId, learner.id), eq(otjEntries.source, 'video')));
    expect(video).toMatchObject({
      status: 'pending',
      activity: 'online_learning',
      description: 'Watched “Boilers”',
      sourceRef: topic.id,
    });
    expect(video!.seconds).toBeGreaterThanOrEqual(19);
    expect(video!.seconds).toBeLessThanOrEqual(21);

    const attempt = await call(cookie, 'POST', `/api/topics/${quizTopic.id}/quiz/attempts`, {
      answers: quiz.questions.map((q) => ({ questionId: q.id, answerId: q.correct })),
    });
    expect(attempt.statusCode).toBe(201);
    const overview = (await call(cookie, 'GET', '/api/otj')).json();
    expect(overview.entries.find((e: { source: string }) => e.source === 'quiz')).toMatchObject({
      status: 'pending',
      hours: 0.05,
      description: 'Quiz: Boilers',
    });
    expect(overview.approvedHours).toBe(0);

    // Students without an apprenticeship log nothing.
    const plain = await t.createUser();
    await t.db.insert(enrolments).values({ userId: plain.id, courseId: course.id });
    await call(await t.login(plain), 'POST', `/api/topics/${topic.id}/video-progress`, {
      positionSeconds: 0,
      event: 'progress',
    });
    expect(await t.db.select().from(otjEntries).where(eq(otjEntries.studentId, plain.id))).toHaveLength(0);
  });

  it('logs attendance at ended live sessions once', async () => {
    const learner = await t.createUser();
    await seedApprenticeship(t.db, learner.id);
    const start = new Date(Date.now() - 3 * 60 * 60 * 1000);
    const [ended] = await t.db
      .insert(liveSessions)
      .values({
        title: 'Unvented systems Q&A',
        startTime: start,
        endTime: new Date(start.getTime() + 90 * 60 * 1000),
      })
      .returning();
    const [later] = await t.db
      .insert(liveSessions)
      .values({
        title: 'Tomorrow',
        startTime: new Date(Date.now() + 86_400_000),
        endTime: new Date(Date.now() + 90_000_000),
      })
      .returning();
    await t.db.insert(liveSessionAttendees).values([
      { sessionId: ended!.id, userId: learner.id },
      { sessionId: later!.id, userId: learner.id },
    ]);
    expect(await logLiveSessionAttendance(t.db)).toBeGreaterThanOrEqual(1);
    expect(await logLiveSessionAttendance(t.db)).toBe(0);
    const rows = await t.db.select().from(otjEntries).where(eq(otjEntries.studentId, learner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'live_session',
      activity: 'live_teaching',
      seconds: 5400,
      status: 'pending',
      description: 'Live session: Unvented systems Q&A',
    });
  });
});
