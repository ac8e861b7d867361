import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createModule } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { apprenticeIn, pendingEntry, signedInStaff } from '#server/test/staff.ts';

// Each staff role at each boundary of docs/staff.md: tutors act for their caseload only, instructors edit their
// own courses only, finance sees money and nothing of learning or evidence.

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let tutor: typeof admin;
let otherTutor: typeof admin;
let instructor: typeof admin;
let finance: typeof admin;
let student: { id: string; email: string; password: string };
let otherStudent: typeof student;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
  tutor = await signedInStaff(t, 'tutor');
  otherTutor = await signedInStaff(t, 'tutor');
  instructor = await signedInStaff(t, 'instructor');
  finance = await signedInStaff(t, 'finance');
  student = await t.createUser();
  otherStudent = await t.createUser();
  await apprenticeIn(t, student.id);
  await apprenticeIn(t, otherStudent.id);
});
afterAll(async () => {
  await t?.close();
});

const as = (who: { cookie: string }) => api(t.app, who);

describe('tutor', () => {
  it('is assigned through PUT /api/admin/students/:id/apprenticeship, and only to someone holding the role', async () => {
    const record = (await as(admin).get(`/api/admin/students/${student.id}/apprenticeship`)).json();
    const body = {
      ...record,
      level: record.level,
      employerContact: undefined,
      tutor: undefined,
      formerEmployerContacts: undefined,
      studentId: undefined,
      // Read-only parts of the record (the standard's reference and the plan's floor).
      standardRef: undefined,
      planFloorHours: undefined,
    };
    const refused = await as(admin).put(`/api/admin/students/${student.id}/apprenticeship`, {
      ...body,
      tutorUserId: instructor.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NOT_A_TUTOR');
    const saved = await as(admin).put(`/api/admin/students/${student.id}/apprenticeship`, {
      ...body,
      tutorUserId: tutor.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().tutor).toMatchObject({ id: tutor.id, email: tutor.email });
    await apprenticeIn(t, otherStudent.id, otherTutor.id);
  });

  it('approves OTJ only for their own caseload (403 otherwise) and sees only their caseload', async () => {
    const mine = await pendingEntry(t, student.id);
    const theirs = await pendingEntry(t, otherStudent.id);
    expect((await as(tutor).post(`/api/admin/otj/${theirs.id}/approve`)).statusCode).toBe(403);
    const approved = await as(tutor).post(`/api/admin/otj/${mine.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await as(tutor).post(`/api/admin/otj/${crypto.randomUUID()}/approve`)).statusCode).toBe(404);

    const list = (await as(tutor).get('/api/admin/otj')).json() as { studentId: string }[];
    expect(new Set(list.map((e) => e.studentId))).toEqual(new Set([student.id]));
    const apprentices = (await as(tutor).get('/api/admin/apprentices')).json() as { studentId: string }[];
    expect(apprentices.map((a) => a.studentId)).toEqual([student.id]);
    const caseload = await as(tutor).get('/api/admin/caseload');
    expect(caseload.statusCode).toBe(200);
    expect(caseload.json()).toHaveLength(1);
    expect(caseload.json()[0]).toMatchObject({
      studentId: student.id,
      plannedOtjHours: 400,
      approvedHours: 2,
    });

    expect((await as(tutor).get(`/api/admin/students/${student.id}/apprenticeship`)).statusCode).toBe(200);
    expect((await as(tutor).get(`/api/admin/students/${otherStudent.id}/apprenticeship`)).statusCode).toBe(
      403,
    );
    expect((await as(tutor).get(`/api/admin/students/${otherStudent.id}/reviews`)).statusCode).toBe(403);
    expect((await as(tutor).get('/api/admin/apprentices/export.csv')).statusCode).toBe(403);
  });

  it('stays out of content, money, staff and the rest of the admin API', async () => {
    for (const url of [
      '/api/admin/courses',
      '/api/admin/team-orders',
      '/api/admin/staff',
      '/api/admin/students',
    ]) {
      expect((await as(tutor).get(url)).statusCode, url).toBe(403);
    }
  });
});

describe('instructor', () => {
  it('adds topics only in their own courses (403 otherwise) and lists only those', async () => {
    const own = await createCourse(t.db, 'Own course');
    const other = await createCourse(t.db, 'Someone else’s');
    const ownModule = await createModule(t.db, own.id, 1);
    const otherModule = await createModule(t.db, other.id, 1);
    const assigned = await as(admin).put(`/api/admin/courses/${own.id}/instructors`, {
      userIds: [instructor.id],
    });
    expect(assigned.statusCode).toBe(200);
    expect(
      (await as(admin).put(`/api/admin/courses/${own.id}/instructors`, { userIds: [tutor.id] })).json().code,
    ).toBe('NOT_AN_INSTRUCTOR');

    const topic = { title: 'Soldering', description: 'Capillary joints' };
    expect((await as(instructor).post(`/api/admin/modules/${ownModule.id}/topics`, topic)).statusCode).toBe(
      201,
    );
    expect((await as(instructor).post(`/api/admin/modules/${otherModule.id}/topics`, topic)).statusCode).toBe(
      403,
    );
    expect((await as(instructor).get(`/api/admin/courses/${other.id}/modules`)).statusCode).toBe(403);
    const courses = (await as(instructor).get('/api/admin/courses')).json() as { id: string }[];
    expect(courses.map((c) => c.id)).toEqual([own.id]);
    // The course itself, new courses and the instructor lists stay with admins.
    expect((await as(instructor).delete(`/api/admin/courses/${own.id}`)).statusCode).toBe(403);
    expect(
      (await as(instructor).put(`/api/admin/courses/${own.id}/instructors`, { userIds: [] })).statusCode,
    ).toBe(403);
    expect((await as(instructor).post(`/api/admin/otj/${crypto.randomUUID()}/approve`)).statusCode).toBe(404);
    expect((await as(tutor).post(`/api/admin/modules/${ownModule.id}/topics`, topic)).statusCode).toBe(403);
  });
});

describe('finance', () => {
  it('gets 403 on apprenticeships and learning content, and reads team orders', async () => {
    expect((await as(finance).get(`/api/admin/students/${student.id}/apprenticeship`)).statusCode).toBe(403);
    expect(
      (await as(finance).put(`/api/admin/students/${student.id}/apprenticeship`, { standard: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await as(finance).get('/api/admin/otj')).statusCode).toBe(403);
    expect((await as(finance).get('/api/admin/courses')).statusCode).toBe(403);
    expect((await as(finance).get('/api/admin/team-orders')).statusCode).toBe(200);
    expect((await as(finance).get('/api/admin/audit')).statusCode).toBe(403);
  });

  it('is a staff account: no student portal role, and /api/user says which roles it holds', async () => {
    const me = (await as(finance).get('/api/user')).json();
    expect(me.roles).toEqual(['finance']);
    expect(me.role).toBe('staff');
  });
});
