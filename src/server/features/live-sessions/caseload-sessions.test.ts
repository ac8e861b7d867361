import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apprenticeships, liveSessionAttendees, liveSessions } from '#server/db/schema/index.ts';
import { enrol } from '#server/test/factories.ts';
import { buildCourse } from '#server/test/fixtures/learning-course.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

// A tutor's Live Sessions tab and register (docs/staff.md): the sessions their apprentices are expected at, and
// in each register only their own apprentices' rows.

let t: TestContext;
const ids: Record<string, string> = {};
const people: Record<string, { id: string; cookie: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  const course = await buildCourse(t.db, 'Brickwork');
  const other = await buildCourse(t.db, 'Roofing');
  const day = (n: number) => new Date(Date.now() + n * 86_400_000);
  for (const [name, role] of [
    ['amy', 'student'],
    ['cara', 'student'],
    ['dan', 'student'],
    ['tutor', 'tutor'],
    ['otherTutor', 'tutor'],
    ['admin', 'admin'],
  ] as const) {
    const user = await t.createUser(
      role === 'tutor'
        ? { role: 'staff', staffRoles: ['tutor'] }
        : role === 'admin'
          ? { role: 'admin' }
          : { firstName: name[0]!.toUpperCase() + name.slice(1) },
    );
    people[name] = { id: user.id, cookie: await t.login(user) };
  }
  for (const name of ['amy', 'cara', 'dan']) await enrol(t.db, people[name]!.id, course.course.id);
  const apprentice = (student: string, tutor: string) => ({
    studentId: people[student]!.id,
    standard: 'Bricklayer',
    level: 2,
    startDate: day(-100).toISOString().slice(0, 10),
    endDate: day(300).toISOString().slice(0, 10),
    weeklyContractedHours: 37.5,
    plannedOtjHours: 400,
    tutorUserId: people[tutor]!.id,
  });
  await t.db.insert(apprenticeships).values([apprentice('amy', 'tutor'), apprentice('cara', 'otherTutor')]);
  const rows = await t.db
    .insert(liveSessions)
    .values([
      { courseId: course.course.id, title: 'Walls', startTime: day(-1), endTime: day(-0.9) },
      { courseId: course.course.id, title: 'Arches', startTime: day(2), endTime: day(2.1) },
      { courseId: course.course.id, title: 'Old', startTime: day(-60), endTime: day(-59.9) },
      {
        courseId: course.course.id,
        title: 'Off',
        startTime: day(3),
        endTime: day(3.1),
        status: 'cancelled',
      },
      { courseId: other.course.id, title: 'Guest', startTime: day(1), endTime: day(1.1) },
      { courseId: other.course.id, title: 'Not ours', startTime: day(1), endTime: day(1.2) },
    ])
    .returning();
  for (const row of rows) ids[row.title] = row.id;
  await t.db.insert(liveSessionAttendees).values({ sessionId: ids.Guest!, userId: people.amy!.id });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PUT', url: string, who?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: people[who]!.cookie } : {} });

describe('GET /api/admin/caseload/sessions', () => {
  it('lists the sessions a tutor’s apprentices are expected at, soonest first, none cancelled or long over', async () => {
    const res = await call('GET', '/api/admin/caseload/sessions', 'tutor');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((s: { title: string }) => s.title)).toEqual(['Walls', 'Guest', 'Arches']);
    expect(list[0]).toMatchObject({ courseTitle: 'Brickwork', expected: 1, takenAt: null });
  });

  it('refuses students and the signed out, and shows a tutor with no apprentice there nothing of it', async () => {
    expect((await call('GET', '/api/admin/caseload/sessions')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/caseload/sessions', 'amy')).statusCode).toBe(403);
    const theirs = (await call('GET', '/api/admin/caseload/sessions', 'otherTutor')).json();
    expect(theirs.map((s: { title: string }) => s.title)).toEqual(['Walls', 'Arches']);
  });
});

describe('a tutor’s register', () => {
  const url = () => `/api/admin/sessions/${ids.Walls}/attendance`;
  const names = (res: { json: () => { people: { name: string }[] } }) => res.json().people.map((p) => p.name);

  it('shows and saves only their own apprentices, leaving everyone else’s rows as they were', async () => {
    const everyone = [people.amy!.id, people.cara!.id, people.dan!.id];
    expect((await call('PUT', url(), 'admin', { present: everyone })).statusCode).toBe(200);
    expect(names(await call('GET', url(), 'tutor'))).toEqual(['Amy User']);
    expect(names(await call('GET', url(), 'otherTutor'))).toEqual(['Cara User']);

    const stranger = await call('PUT', url(), 'tutor', { present: [people.cara!.id] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('NOT_EXPECTED');

    const saved = await call('PUT', url(), 'tutor', { present: [] });
    expect(saved.json().people).toMatchObject([{ id: people.amy!.id, present: false }]);
    const all = (await call('GET', url(), 'admin')).json().people;
    expect(all.map((p: { name: string; present: boolean }) => [p.name, p.present])).toEqual([
      ['Amy User', false],
      ['Cara User', true],
      ['Dan User', true],
    ]);
    const listed = (await call('GET', '/api/admin/caseload/sessions', 'tutor')).json();
    expect(listed[0].takenAt).not.toBeNull();
  });

  it('refuses a session none of theirs is expected at', async () => {
    const res = await call('GET', `/api/admin/sessions/${ids['Not ours']}/attendance`, 'tutor');
    expect(res.json().code).toBe('NOT_YOUR_SESSION');
  });
});
