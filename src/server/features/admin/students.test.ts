import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authSessions,
  courses,
  emailOutbox,
  enrolments,
  modules,
  quizAttempts,
  quizzes,
  topics,
  users,
} from '#server/db/schema/index.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let admin: string;
let fundamentalId: string;
let upskillId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
  const rows = await t.db
    .insert(courses)
    .values([
      { title: 'Drainage', description: 'd', courseType: 'fundamental' },
      { title: 'Team Leadership', description: 'u', courseType: 'upskill' },
    ])
    .returning({ id: courses.id });
  fundamentalId = rows[0]!.id;
  upskillId = rows[1]!.id;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: admin } });

const valid = () => ({
  firstName: 'Sam',
  lastName: 'Jones',
  email: `sam${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: 'TempPass123',
  courseId: fundamentalId,
  phoneNumber: '',
  company: '',
  jobTitle: '',
  experienceLevel: 'entry',
});

describe('POST /api/admin/students', () => {
  it.each(['firstName', 'lastName', 'email', 'password', 'courseId'] as const)(
    'requires %s: "Please fill in all required fields"',
    async (field) => {
      const res = await post('/api/admin/students', { ...valid(), [field]: '  ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please fill in all required fields',
        code: 'VALIDATION_FAILED',
      });
    },
  );

  it('requires company and job title for an upskill course', async () => {
    for (const missing of [{ company: '' }, { jobTitle: ' ' }]) {
      const res = await post('/api/admin/students', {
        ...valid(),
        courseId: upskillId,
        company: 'Acme',
        jobTitle: 'Foreman',
        ...missing,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Company and job title are required for upskill courses',
        code: 'VALIDATION_FAILED',
      });
    }
    const ok = await post('/api/admin/students', {
      ...valid(),
      courseId: upskillId,
      company: 'Acme',
      jobTitle: 'Foreman',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('creates the account with a temporary password, the enrolment and the credentials email', async () => {
    const input = valid();
    const res = await post('/api/admin/students', input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      firstName: 'Sam',
      lastName: 'Jones',
      email: input.email,
      isActive: true,
      mustChangePassword: true,
      lastActiveAt: null,
      courses: [{ id: fundamentalId, title: 'Drainage', courseType: 'fundamental' }],
    });
    expect(body).not.toHaveProperty('passwordHash');
    const [row] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(row!.tempPasswordExpiresAt).not.toBeNull();
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.kind).toBe('credentials');
    expect(mail[0]!.textBody).toContain('TempPass123');
    // The student signs in with it and must change it first.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: input.email, password: 'TempPass123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().mustChangePassword).toBe(true);
  });

  it('refuses an email that already has an account, an unknown course and a bad email', async () => {
    const input = valid();
    expect((await post('/api/admin/students', input)).statusCode).toBe(201);
    const again = await post('/api/admin/students', { ...input, email: input.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    const unknown = await post('/api/admin/students', {
      ...valid(),
      courseId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Course not found');
    const bad = await post('/api/admin/students', { ...valid(), email: 'not-an-email' });
    expect(bad.json().message).toBe('Please enter a valid email address');
  });
});

describe('GET /api/admin/students', () => {
  it('pages and searches students only, newest first', async () => {
    for (let i = 0; i < 5; i++) {
      // Distinct creation times: rows made within the same millisecond would have no "newest".
      await t.createUser({
        firstName: `Pager${i}`,
        lastName: 'Zed',
        email: `pager${i}@paging.test`,
        createdAt: new Date(Date.now() - (5 - i) * 1000),
      });
    }
    const page1 = await t.app.inject({
      url: '/api/admin/students?search=paging.test&pageSize=2',
      headers: { cookie: admin },
    });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.total).toBe(5);
    expect(body.students.map((s: { firstName: string }) => s.firstName)).toEqual(['Pager4', 'Pager3']);
    const page3 = await t.app.inject({
      url: '/api/admin/students?search=paging.test&pageSize=2&page=3',
      headers: { cookie: admin },
    });
    expect(page3.json().students).toHaveLength(1);
    const byName = await t.app.inject({
      url: '/api/admin/students?search=pager2%20zed',
      headers: { cookie: admin },
    });
    expect(byName.json().students.map((s: { email: string }) => s.email)).toEqual(['pager2@paging.test']);
    const all = await t.app.inject({ url: '/api/admin/students?pageSize=100', headers: { cookie: admin } });
    expect(all.json().students.every((s: { email: string }) => !s.email.includes('admin'))).toBe(true);
    const none = await t.app.inject({
      url: '/api/admin/students?search=%25nobody%25',
      headers: { cookie: admin },
    });
    expect(none.json()).toMatchObject({ students: [], total: 0 });
  });
});

describe('student actions', () => {
  it('deactivation revokes sessions and blocks sign-in; reactivation allows it again', async () => {
    const student = await t.createUser();
    const cookie = await t.login(student);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/students/${student.id}`,
      payload: { isActive: false },
      headers: { cookie: admin },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, student.id))).toHaveLength(0);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/students/${student.id}`,
      payload: { isActive: true },
      headers: { cookie: admin },
    });
    expect(on.json().isActive).toBe(true);
    await t.login(student);
  });

  it('resend credentials issues a new temporary password by email', async () => {
    const created = (await post('/api/admin/students', valid())).json();
    const res = await post(`/api/admin/students/${created.id}/resend-credentials`, undefined);
    expect(res.statusCode).toBe(204);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, created.email));
    expect(mail).toHaveLength(2);
    const password = /Temporary password: (\S+)/.exec(mail.at(-1)!.textBody)?.[1];
    expect(password).toBeTruthy();
    expect(password).not.toBe('TempPass123');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: created.email, password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('enrols in another course (course-added email), and refuses a second enrolment', async () => {
    const created = (await post('/api/admin/students', valid())).json();
    const res = await post(`/api/admin/students/${created.id}/enrolments`, { courseId: upskillId });
    expect(res.statusCode).toBe(200);
    expect(res.json().courses.map((c: { id: string }) => c.id)).toEqual([fundamentalId, upskillId]);
    const kinds = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, created.email))).map(
      (m) => m.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['credentials', 'course_added']));
    const again = await post(`/api/admin/students/${created.id}/enrolments`, { courseId: upskillId });
    expect(again.statusCode).toBe(409);
  });

  it("resets a student's quiz attempts", async () => {
    const student = await t.createUser();
    const [m] = await t.db
      .insert(modules)
      .values({ courseId: fundamentalId, title: 'M', description: 'd' })
      .returning();
    const [topic] = await t.db
      .insert(topics)
      .values({ moduleId: m!.id, title: 'T', description: 'd' })
      .returning();
    const [quiz] = await t.db.insert(quizzes).values({ topicId: topic!.id, title: 'Q' }).returning();
    await t.db.insert(enrolments).values({ userId: student.id, courseId: fundamentalId });
    await t.db.insert(quizAttempts).values(
      [1, 2].map(() => ({
        quizId: quiz!.id,
        userId: student.id,
        score: 10,
        pointsEarned: 1,
        pointsPossible: 10,
        passed: false,
        answers: [],
      })),
    );
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/students/${student.id}/quiz-attempts`,
      headers: { cookie: admin },
    });
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, student.id))).toHaveLength(0);
  });

  it('does not act on admins through the student routes', async () => {
    const other = await t.createUser({ role: 'admin' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/students/${other.id}`,
      payload: { isActive: false },
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(404);
  });
});
