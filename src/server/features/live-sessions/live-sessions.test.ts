import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apprenticeships,
  auditLog,
  liveSessionAttendees,
  liveSessions,
  otjEntries,
} from '#server/db/schema/index.ts';
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
    expect(list[2]).toMatchObject({
      status: 'scheduled',
      sessionType: 'online',
      attending: null,
      joinUrl: null,
    });
  });

  it('gives a calendar file for every session listed, course-wide ones too, with SEQUENCE', async () => {
    for (const cookie of [cookies.student, cookies.other]) {
      for (const s of (await get(cookie)).json() as { id: string }[]) {
        const ics = await t.app.inject({ url: `/api/sessions/${s.id}/ics`, headers: { cookie } });
        expect(ics.statusCode).toBe(200);
        expect(ics.body).toContain('SEQUENCE:0');
      }
    }
    const refused = await t.app.inject({
      url: `/api/sessions/${ids.Theirs}/ics`,
      headers: { cookie: cookies.student },
    });
    expect(refused.json()).toEqual({ message: 'Session not found', code: 'NOT_FOUND' });
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

describe('answers, join link and the register', () => {
  const post = (url: string, payload: unknown, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  const put = (id: string, present: string[], cookie: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${id}/attendance`,
      payload: { present },
      headers: { cookie },
    });

  it('takes an answer from people who see the session, and refuses bad input and strangers', async () => {
    const ok = await post(`/api/sessions/${ids.Later}/rsvp`, { attending: true }, cookies.student);
    expect(ok.json()).toEqual({ attending: true });
    await post(`/api/sessions/${ids.Later}/rsvp`, { attending: false }, cookies.student);
    const later = (await get(cookies.student)).json().find((s: { id: string }) => s.id === ids.Later);
    expect(later.attending).toBe(false);
    expect(
      (await post(`/api/sessions/${ids.Later}/rsvp`, { attending: 'yes' }, cookies.student)).statusCode,
    ).toBe(400);
    expect(
      (await post(`/api/sessions/${ids.Later}/rsvp`, { attending: true }, cookies.other)).statusCode,
    ).toBe(404);
    const over = await post(`/api/sessions/${ids.Over}/rsvp`, { attending: true }, cookies.student);
    expect(over.json()).toEqual({ message: 'This session is over or cancelled', code: 'SESSION_CLOSED' });
  });

  it('shows the join link from 15 minutes before the start', async () => {
    const course = await buildCourse(t.db, 'Join');
    const student = await t.createUser();
    await enrol(t.db, student.id, course.course.id);
    const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await t.db.insert(liveSessions).values([
      {
        courseId: course.course.id,
        title: 'In 10',
        startTime: soon(10),
        endTime: soon(70),
        location: 'https://meet.example.com/a',
      },
      {
        courseId: course.course.id,
        title: 'In 20',
        startTime: soon(20),
        endTime: soon(80),
        location: 'https://meet.example.com/b',
      },
    ]);
    const list = (await get(await t.login(student))).json();
    expect(list.map((s: { joinUrl: string | null }) => s.joinUrl)).toEqual([
      'https://meet.example.com/a',
      null,
    ]);
  });

  it('takes the register: present apprentices get one approved OTJ entry, absent ones none', async () => {
    const course = await buildCourse(t.db, 'Register');
    const apprentice = await t.createUser({ firstName: 'Amy' });
    const absent = await t.createUser({ firstName: 'Ben' });
    const tutor = await t.createUser({ role: 'staff', staffRoles: ['tutor'] });
    for (const u of [apprentice, absent]) await enrol(t.db, u.id, course.course.id);
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (const u of [apprentice, absent])
      await t.db.insert(apprenticeships).values({
        studentId: u.id,
        standard: 'Plumbing',
        level: 3,
        startDate: day(-100),
        endDate: day(300),
        weeklyContractedHours: 37.5,
        plannedOtjHours: 400,
        tutorUserId: tutor.id,
      });
    const [session] = await t.db
      .insert(liveSessions)
      .values({
        courseId: course.course.id,
        title: 'Soldering',
        startTime: new Date(Date.now() - 7_200_000),
        endTime: new Date(Date.now() - 3_600_000),
      })
      .returning();
    const tutorCookie = await t.login(tutor);
    // A tutor of nobody expected there, and an instructor of another course, may not take it (docs/staff.md).
    const otherTutor = await t.createUser({ role: 'staff', staffRoles: ['tutor', 'instructor'] });
    const refused = await t.app.inject({
      url: `/api/admin/sessions/${session!.id}/attendance`,
      headers: { cookie: await t.login(otherTutor) },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_YOUR_SESSION');
    const listed = await t.app.inject({
      url: `/api/admin/sessions/${session!.id}/attendance`,
      headers: { cookie: tutorCookie },
    });
    expect(listed.json().people.map((p: { name: string }) => p.name)).toEqual(['Amy User', 'Ben User']);
    expect((await put(session!.id, [apprentice.id], cookies.student)).statusCode).toBe(403);
    const stranger = await put(session!.id, [ids.Theirs!], tutorCookie);
    expect(stranger.json().code).toBe('NOT_EXPECTED');
    expect((await put(session!.id, ['not-a-uuid'], tutorCookie)).statusCode).toBe(400);

    const all = await Promise.all(
      Array.from({ length: 10 }, () => put(session!.id, [apprentice.id], tutorCookie)),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(all[0]!.json().people.map((p: { present: boolean }) => p.present)).toEqual([true, false]);
    const entries = await t.db.select().from(otjEntries).where(eq(otjEntries.sourceRef, session!.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      studentId: apprentice.id,
      status: 'approved',
      source: 'live_session',
      activity: 'live_teaching',
      seconds: 3600,
      decidedBy: tutor.id,
      description: 'Live session: Soldering',
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, session!.id));
    expect(audit).toMatchObject({ action: 'session.register', actorId: tutor.id });

    // Corrected: Amy was absent after all, Ben present.
    await put(session!.id, [absent.id], tutorCookie);
    const after = await t.db.select().from(otjEntries).where(eq(otjEntries.sourceRef, session!.id));
    expect(after.map((e) => [e.studentId, e.status]).sort()).toEqual(
      [
        [apprentice.id, 'rejected'],
        [absent.id, 'approved'],
      ].sort(),
    );
  });
});
