import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSessionAttendees, liveSessions } from '#server/db/schema/index.ts';
import { enrol } from '#server/test/factories.ts';
import { buildCourse } from '#server/test/fixtures/learning-course.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
const cookies = { student: '', other: '', admin: '' };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const mine = await buildCourse(t.db, 'Mine');
  const theirs = await buildCourse(t.db, 'Theirs');
  const student = await t.createUser();
  const other = await t.createUser();
  const admin = await t.createUser({ role: 'admin' });
  await enrol(t.db, student.id, mine.course.id);
  await enrol(t.db, other.id, theirs.course.id);
  const hour = 60 * 60 * 1000;
  const at = (hours: number) => new Date(Date.now() + hours * hour);
  const rows = await t.db
    .insert(liveSessions)
    .values([
      { courseId: mine.course.id, title: 'Later', startTime: at(48), endTime: at(49) },
      {
        courseId: mine.course.id,
        title: 'Soon',
        startTime: at(2),
        endTime: at(3),
        sessionType: 'in_person',
        location: 'Leeds',
      },
      { courseId: mine.course.id, title: 'Cancelled', startTime: at(5), endTime: at(6), status: 'cancelled' },
      { courseId: mine.course.id, title: 'Over', startTime: at(-3), endTime: at(-2) },
      { courseId: theirs.course.id, title: 'Theirs', startTime: at(4), endTime: at(5) },
      { courseId: theirs.course.id, title: 'Guest', startTime: at(6), endTime: at(7) },
    ])
    .returning();
  for (const row of rows) ids[row.title] = row.id;
  await t.db.insert(liveSessionAttendees).values([
    { sessionId: ids.Soon!, userId: student.id },
    { sessionId: ids.Guest!, userId: student.id },
  ]);
  cookies.student = await t.login(student);
  cookies.other = await t.login(other);
  cookies.admin = await t.login(admin);
});
afterAll(async () => {
  await t.close();
});

const get = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/sessions/upcoming', headers: cookie ? { cookie } : {} });

describe('GET /api/sessions/upcoming', () => {
  it('refuses anonymous callers', async () => {
    expect((await get()).statusCode).toBe(401);
  });

  it('lists the student’s course sessions and the ones they attend, soonest first, none cancelled or over', async () => {
    const res = await get(cookies.student);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((s: { title: string }) => s.title)).toEqual(['Soon', 'Guest', 'Later']);
    expect(list[0]).toMatchObject({
      status: 'enrolled',
      sessionType: 'in_person',
      location: 'Leeds',
      courseTitle: 'Mine',
    });
    expect(list[2]).toMatchObject({ status: 'scheduled', sessionType: 'online' });
  });

  it('shows another student only their own', async () => {
    const list = (await get(cookies.other)).json();
    expect(list.map((s: { title: string }) => s.title)).toEqual(['Theirs', 'Guest']);
    expect(list.every((s: { status: string }) => s.status === 'scheduled')).toBe(true);
  });

  it('shows admins every upcoming session', async () => {
    const list = (await get(cookies.admin)).json();
    expect(list.map((s: { title: string }) => s.title)).toEqual(['Soon', 'Theirs', 'Guest', 'Later']);
  });
});
