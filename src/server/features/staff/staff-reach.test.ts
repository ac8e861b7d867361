import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors } from '#server/db/schema/index.ts';
import { createCourse, createModule, createTopic, enrol } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { apprenticeIn, signedInStaff } from '#server/test/staff.ts';

// The rest of the boundaries in docs/staff.md: instructors run their own courses' live sessions and media and message
// those courses' students; tutors message their caseload; finance has no messages. And every staff change below
// lands in the audit trail.

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let tutor: typeof admin;
let instructor: typeof admin;
let finance: typeof admin;
let student: { id: string; email: string; password: string };
let otherStudent: typeof student;
let ownCourse: string;
let otherCourse: string;
let ownTopic: string;
let otherTopic: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
  tutor = await signedInStaff(t, 'tutor');
  instructor = await signedInStaff(t, 'instructor');
  finance = await signedInStaff(t, 'finance');
  student = await t.createUser();
  otherStudent = await t.createUser();
  await apprenticeIn(t, student.id, tutor.id);
  await apprenticeIn(t, otherStudent.id);
  ownCourse = (await createCourse(t.db)).id;
  otherCourse = (await createCourse(t.db)).id;
  await t.db.insert(courseInstructors).values({ courseId: ownCourse, userId: instructor.id });
  ownTopic = (await createTopic(t.db, (await createModule(t.db, ownCourse, 1)).id, 1)).id;
  otherTopic = (await createTopic(t.db, (await createModule(t.db, otherCourse, 1)).id, 1)).id;
  await enrol(t.db, student.id, ownCourse);
  await enrol(t.db, otherStudent.id, otherCourse);
});
afterAll(async () => {
  await t?.close();
});

const as = (who: { cookie: string }) => api(t.app, who);
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const session = (courseId: string | null, title = 'Consumer units Q&A') => ({
  title,
  startTime: hours(24),
  endTime: hours(25),
  sessionType: 'online',
  courseId,
});

describe('instructor', () => {
  it('runs live sessions of their own courses only (403 for another course or none) and lists only those', async () => {
    const own = await as(instructor).post('/api/admin/sessions', session(ownCourse));
    expect(own.statusCode).toBe(201);
    expect((await as(instructor).post('/api/admin/sessions', session(otherCourse))).statusCode).toBe(403);
    expect((await as(instructor).post('/api/admin/sessions', session(null))).statusCode).toBe(403);
    const others = await as(admin).post('/api/admin/sessions', session(otherCourse, 'Not theirs'));
    expect(others.statusCode).toBe(201);
    const id = own.json().id;
    expect(
      (await as(instructor).put(`/api/admin/sessions/${id}`, session(ownCourse, 'Moved'))).statusCode,
    ).toBe(200);
    // Moving their session to a course they do not teach is refused.
    expect((await as(instructor).put(`/api/admin/sessions/${id}`, session(otherCourse))).statusCode).toBe(
      403,
    );
    expect((await as(instructor).post(`/api/admin/sessions/${others.json().id}/cancel`)).statusCode).toBe(
      403,
    );
    expect((await as(instructor).post(`/api/admin/sessions/${id}/cancel`)).statusCode).toBe(200);
    const listed = (await as(instructor).get('/api/admin/sessions')).json() as { id: string }[];
    expect(listed.map((s) => s.id)).toEqual([id]);
    expect((await as(tutor).get('/api/admin/sessions')).statusCode).toBe(403);
    expect((await as(finance).post('/api/admin/sessions', session(ownCourse))).statusCode).toBe(403);
  });

  it("removes a topic's media only in their own courses", async () => {
    expect((await as(instructor).delete(`/api/topics/${ownTopic}/video`)).statusCode).toBe(200);
    expect((await as(instructor).delete(`/api/topics/${otherTopic}/video`)).statusCode).toBe(403);
    expect((await as(tutor).delete(`/api/topics/${ownTopic}/video`)).statusCode).toBe(403);
    expect((await as(instructor).delete(`/api/topics/${crypto.randomUUID()}/video`)).statusCode).toBe(404);
  });

  it("sees the progress of their own courses' students only (403 for another course's)", async () => {
    const learner = { cookie: await t.login(student) };
    await as(learner).post(`/api/topics/${ownTopic}/open`);
    const own = await as(instructor).get(`/api/admin/courses/${ownCourse}/progress`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().students).toEqual([
      expect.objectContaining({ userId: student.id, completedTopics: 1, totalTopics: 1, percentage: 100 }),
    ]);
    expect(own.json().students[0].lastActivityAt).toEqual(expect.any(String));
    const theirs = await as(instructor).get(`/api/admin/courses/${otherCourse}/progress`);
    expect(theirs.statusCode).toBe(403);
    expect(JSON.stringify(theirs.json())).not.toContain(otherStudent.email);
    for (const who of [tutor, finance])
      expect((await as(who).get(`/api/admin/courses/${ownCourse}/progress`)).statusCode).toBe(403);
    expect((await as(learner).get(`/api/admin/courses/${ownCourse}/progress`)).statusCode).toBe(403);
    expect((await api(t.app).get(`/api/admin/courses/${ownCourse}/progress`)).statusCode).toBe(401);
    const all = (await as(admin).get(`/api/admin/courses/${otherCourse}/progress`)).json();
    expect(all.students.map((s: { userId: string }) => s.userId)).toEqual([otherStudent.id]);
    expect((await as(admin).get(`/api/admin/courses/${crypto.randomUUID()}/progress`)).statusCode).toBe(404);
    expect((await as(admin).get('/api/admin/courses/not-a-uuid/progress')).statusCode).toBe(400);
  });

  it("messages their courses' students only, and sees them in the contacts", async () => {
    const ok = await as(instructor).post('/api/conversations', { participantIds: [student.id] });
    expect(ok.statusCode).toBe(201);
    const refused = await as(instructor).post('/api/conversations', { participantIds: [otherStudent.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_YOUR_STUDENT');
    const contacts = (await as(instructor).get('/api/conversations/contacts')).json() as { id: string }[];
    expect(contacts.map((c) => c.id)).toContain(student.id);
    expect(contacts.map((c) => c.id)).not.toContain(otherStudent.id);
  });
});

describe('tutor and finance messages', () => {
  it('lets a tutor message their caseload only, a student their tutor, and finance nobody', async () => {
    expect((await as(tutor).post('/api/conversations', { participantIds: [student.id] })).statusCode).toBe(
      201,
    );
    expect(
      (await as(tutor).post('/api/conversations', { participantIds: [otherStudent.id] })).statusCode,
    ).toBe(403);
    // Staff to staff is fine.
    expect((await as(tutor).post('/api/conversations', { participantIds: [instructor.id] })).statusCode).toBe(
      201,
    );
    const studentCookie = await t.login(student);
    const theirs = (
      await api(t.app, { cookie: studentCookie }).get('/api/conversations/contacts')
    ).json() as {
      id: string;
    }[];
    expect(theirs.map((c) => c.id)).toEqual(expect.arrayContaining([tutor.id, instructor.id, admin.id]));
    const refused = await as(finance).post('/api/conversations', { participantIds: [admin.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NO_MESSAGES');
    expect((await as(finance).get('/api/conversations/contacts')).json()).toEqual([]);
    expect((await as(finance).get(`/api/admin/students/${student.id}/apprenticeship`)).statusCode).toBe(403);
    expect((await as(finance).get(`/api/admin/courses/${ownCourse}/modules`)).statusCode).toBe(403);
  });
});

describe('audit coverage', () => {
  it('records live sessions, media, grade resets, enrolments and student accounts', async () => {
    const made = await as(admin).post('/api/admin/sessions', session(ownCourse, 'Audited session'));
    await as(admin).delete(`/api/admin/sessions/${made.json().id}`);
    await as(admin).delete(`/api/topics/${otherTopic}/presentation`);
    await as(admin).delete(`/api/admin/students/${otherStudent.id}/quiz-attempts`);
    await as(admin).post(`/api/admin/students/${otherStudent.id}/enrolments`, { courseId: ownCourse });
    await as(admin).patch(`/api/admin/students/${otherStudent.id}`, { isActive: false });
    const log = (await as(admin).get(`/api/admin/audit?actorId=${admin.id}`)).json().items as {
      action: string;
      entityId: string;
      summary: string;
    }[];
    const actions = log.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'live_session.create',
        'live_session.delete',
        'topic.presentation',
        'grades.reset',
        'enrolment.create',
        'student.deactivate',
      ]),
    );
    expect(log.find((e) => e.action === 'student.deactivate')).toMatchObject({
      entityId: otherStudent.id,
      summary: 'isActive: true → false',
    });
    const byInstructor = (await as(admin).get(`/api/admin/audit?actorId=${instructor.id}`)).json().items as {
      action: string;
    }[];
    expect(byInstructor.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'live_session.create',
        'live_session.update',
        'live_session.cancel',
        'topic.video',
      ]),
    );
  });
});
