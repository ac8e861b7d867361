import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors } from '#server/db/schema/index.ts';
import { createCourse, createModule, createTopic, enrol } from '#server/test/factories.ts';
import { scormZip } from '#server/test/fixtures/scorm-zip.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { scormCalls } from './scorm-harness.ts';

// A student's run of a package (README 'SCORM packages'): run data committed and resumed on another device,
// completion by the version's rules opening the next topic and counting in module progress, the admin's report.

let ctx: TestContext;
const calls = scormCalls(() => ctx);
let admin: string;
let student: string;
let studentPhone: string;
let outsider: string;
let studentId: string;
const topic = { pkg12: '', pkg2004: '', after: '' };
let moduleId = '';
let courseId = '';

beforeAll(async () => {
  ctx = await createTestApp();
  const course = await createCourse(ctx.db, 'Electrical safety');
  courseId = course.id;
  const mod = await createModule(ctx.db, course.id, 1);
  moduleId = mod.id;
  topic.pkg12 = (await createTopic(ctx.db, mod.id, 1, { title: 'Isolation 1.2' })).id;
  topic.pkg2004 = (await createTopic(ctx.db, mod.id, 2, { title: 'Isolation 2004' })).id;
  topic.after = (await createTopic(ctx.db, mod.id, 3, { title: 'After the packages' })).id;
  const adminUser = await ctx.createUser({ role: 'admin' });
  const studentUser = await ctx.createUser({ firstName: 'Sam', lastName: 'Sparks' });
  const outsiderUser = await ctx.createUser();
  studentId = studentUser.id;
  await enrol(ctx.db, studentUser.id, course.id);
  admin = await ctx.login(adminUser);
  student = await ctx.login(studentUser);
  studentPhone = await ctx.login(studentUser);
  outsider = await ctx.login(outsiderUser);
  expect((await calls.uploadAndAttach(admin, topic.pkg12, scormZip('1.2'))).statusCode).toBe(200);
  const with2004 = await calls.uploadAndAttach(admin, topic.pkg2004, scormZip('2004', { mastery: 0.8 }));
  expect(with2004.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

const modules = async () =>
  (await api(ctx.app, { cookie: student }).get(`/api/modules?courseId=${courseId}`)).json() as {
    id: string;
    completedTopics: number;
    progressPercentage: string;
  }[];
const topicStatus = async (id: string) =>
  (await api(ctx.app, { cookie: student }).get(`/api/topics/${id}`)).statusCode;

describe('launching', () => {
  it('gives an enrolled student the package, a fresh run, and nobody else', async () => {
    const res = await calls.getScorm(student, topic.pkg12);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ version: '1.2', title: 'Safe isolation (SCORM 1.2)', completed: false });
    expect(body.cmi.core).toMatchObject({ entry: 'ab-initio', total_time: '00:00:00' });
    expect((await calls.getScorm(outsider, topic.pkg12)).statusCode).toBe(403);
    expect((await calls.getScorm(undefined, topic.pkg12)).statusCode).toBe(401);
    expect((await calls.putScorm(outsider, topic.pkg12, {})).statusCode).toBe(403);
    // Opening a package topic does not complete it; the next topics stay locked.
    const open = await api(ctx.app, { cookie: student }).post(`/api/topics/${topic.pkg12}/open`, {});
    expect(open.json()).toMatchObject({ hasPackage: true, progress: { completed: false } });
    expect(await topicStatus(topic.pkg2004)).toBe(403);
  });
});

describe('tracking and resuming', () => {
  it('stores a commit and resumes it on another device', async () => {
    const cmi = {
      core: {
        lesson_location: '2',
        lesson_status: 'incomplete',
        exit: 'suspend',
        session_time: '00:01:30',
        total_time: '00:00:00',
        score: { raw: '' },
      },
      suspend_data: 'page=2',
    };
    expect((await calls.putScorm(student, topic.pkg12, cmi)).statusCode).toBe(204);
    const phone = (await calls.getScorm(studentPhone, topic.pkg12)).json();
    expect(phone.cmi.core).toMatchObject({ lesson_location: '2', entry: 'resume', total_time: '00:01:30' });
    expect(phone.cmi.core.session_time).toBeUndefined();
    expect(phone.cmi.suspend_data).toBe('page=2');
    // The package's own page starts with the resume point already in the API's cache.
    const page = await calls.file(phone.launchUrl);
    expect(page.body).toContain('"cmi.core.lesson_location":"2"');
    expect(await topicStatus(topic.pkg2004)).toBe(403);
  });

  it('counts time over sessions without trusting a total the server never gave', async () => {
    const cmi = {
      core: {
        lesson_location: '3',
        lesson_status: 'incomplete',
        session_time: '00:00:30',
        total_time: '99:00:00',
      },
    };
    expect((await calls.putScorm(studentPhone, topic.pkg12, cmi)).statusCode).toBe(204);
    const res = (await calls.getScorm(student, topic.pkg12)).json();
    expect(res.cmi.core.total_time).toBe('00:02:00');
  });

  it('refuses run data that is not clean text or too large', async () => {
    const nul = await calls.putScorm(student, topic.pkg12, { suspend_data: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const huge = await calls.putScorm(student, topic.pkg12, { suspend_data: 'x'.repeat(300_000) });
    expect(huge.statusCode).toBe(400);
    const tooBig = await calls.putScorm(student, topic.pkg12, { suspend_data: 'x'.repeat(600_000) });
    expect(tooBig.statusCode).toBe(413);
  });

  it('completes the 1.2 topic on passed: module progress moves and the next topic opens', async () => {
    const cmi = {
      core: {
        lesson_location: '3',
        lesson_status: 'passed',
        score: { raw: '90' },
        session_time: '00:01:00',
        total_time: '00:01:30',
      },
    };
    expect((await calls.putScorm(student, topic.pkg12, cmi)).statusCode).toBe(204);
    const [mod] = await modules();
    expect(mod).toMatchObject({ id: moduleId, completedTopics: 1, progressPercentage: '33.33' });
    expect(await topicStatus(topic.pkg2004)).toBe(200);
    expect((await calls.getScorm(student, topic.pkg12)).json().completed).toBe(true);
    // A later 'incomplete' from the package does not take the completion back.
    const again = { core: { lesson_status: 'incomplete', total_time: '00:02:30', session_time: '00:00:05' } };
    expect((await calls.putScorm(student, topic.pkg12, again)).statusCode).toBe(204);
    expect((await modules())[0]!.completedTopics).toBe(1);
  });

  it('2004 with a mastery score needs completed and passed', async () => {
    const failed = {
      completion_status: 'completed',
      success_status: 'failed',
      score: { scaled: '0.5' },
      session_time: 'PT2M',
      total_time: 'PT0S',
    };
    expect((await calls.putScorm(student, topic.pkg2004, failed)).statusCode).toBe(204);
    expect((await modules())[0]!.completedTopics).toBe(1);
    expect(await topicStatus(topic.after)).toBe(403);
    const passed = {
      ...failed,
      success_status: 'passed',
      score: { scaled: '0.9', raw: '90' },
      session_time: 'PT3M',
    };
    expect((await calls.putScorm(student, topic.pkg2004, passed)).statusCode).toBe(204);
    expect((await modules())[0]!.completedTopics).toBe(2);
    expect(await topicStatus(topic.after)).toBe(200);
    const resumed = (await calls.getScorm(student, topic.pkg2004)).json();
    expect(resumed.cmi.total_time).toBe('PT0H3M0S');
  });
});

describe('the report', () => {
  it('shows each student status, score and time per package; not to students', async () => {
    const res = await api(ctx.app, { cookie: admin }).get(`/api/admin/topics/${topic.pkg2004}/scorm`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.package).toMatchObject({ version: '2004' });
    expect(body.students).toEqual([
      expect.objectContaining({
        userId: studentId,
        name: 'Sam Sparks',
        status: 'completed',
        successStatus: 'passed',
        score: 90,
        timeSeconds: 180,
      }),
    ]);
    expect(
      (await api(ctx.app, { cookie: student }).get(`/api/admin/topics/${topic.pkg2004}/scorm`)).statusCode,
    ).toBe(403);
  });

  it("the course's instructor sees its students; another course's instructor, a tutor and finance do not", async () => {
    const url = `/api/admin/topics/${topic.pkg2004}/scorm`;
    const staffCookie = async (staffRoles: ('tutor' | 'instructor' | 'finance')[], teaches?: string) => {
      const user = await ctx.createUser({ role: 'staff', staffRoles });
      if (teaches) await ctx.db.insert(courseInstructors).values({ courseId: teaches, userId: user.id });
      return ctx.login(user);
    };
    const own = await api(ctx.app, { cookie: await staffCookie(['instructor'], courseId) }).get(url);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().students.map((s: { userId: string }) => s.userId)).toEqual([studentId]);
    // An instructor of another course, with students of their own, is refused this one's.
    const theirs = await createCourse(ctx.db, 'Another course');
    await enrol(ctx.db, (await ctx.createUser()).id, theirs.id);
    const other = await api(ctx.app, { cookie: await staffCookie(['instructor'], theirs.id) }).get(url);
    expect(other.statusCode).toBe(403);
    for (const roles of [['tutor'], ['finance']] as const)
      expect((await api(ctx.app, { cookie: await staffCookie([...roles]) }).get(url)).statusCode).toBe(403);
    const unknown = await api(ctx.app, { cookie: admin }).get(
      `/api/admin/topics/${crypto.randomUUID()}/scorm`,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await api(ctx.app).get(url)).statusCode).toBe(401);
  });

  it('keeps progress when the package is replaced; the new package starts a fresh run', async () => {
    expect((await calls.uploadAndAttach(admin, topic.pkg12, scormZip('2004'))).statusCode).toBe(200);
    const fresh = (await calls.getScorm(student, topic.pkg12)).json();
    expect(fresh).toMatchObject({ version: '2004', completed: true });
    expect(fresh.cmi.entry).toBe('ab-initio');
    expect((await modules())[0]!.completedTopics).toBe(2);
  });
});
