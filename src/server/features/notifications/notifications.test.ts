import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications, scheduledJobs } from '#server/db/schema/index.ts';
import { enrol } from '#server/test/factories.ts';
import { buildCourse } from '#server/test/fixtures/learning-course.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { runDueJobs } from './index.ts';

let t: TestContext;
let second: Awaited<ReturnType<TestContext['secondInstance']>>;
let admin: TestUser;
let adminCookie: string;
let student: TestUser;
let studentCookie: string;
let courseId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  second = await t.secondInstance();
  admin = await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  student = await t.createUser({ firstName: 'Sam' });
  courseId = (await buildCourse(t.db, 'Wiring')).course.id;
  await enrol(t.db, student.id, courseId);
  adminCookie = await t.login(admin);
  studentCookie = await t.login(student);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Both "processes" run the jobs due at `now` at the same moment (the test clock). */
const runBoth = (now: Date) =>
  Promise.all([
    runDueJobs(t.database, { publicUrl: t.config.publicUrl, now }),
    runDueJobs(second.app.database, { publicUrl: t.config.publicUrl, now }),
  ]);
const bell = async (cookie: string) =>
  (await t.app.inject({ url: '/api/notifications', headers: { cookie } })).json();
const mailTo = (email: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, `notification.${kind}`)));
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

async function schedule(startInHours: number, title: string) {
  const start = new Date(Date.now() + startInHours * HOUR);
  const res = await call('POST', '/api/admin/sessions', adminCookie, {
    title,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + HOUR).toISOString(),
    sessionType: 'online',
    location: 'https://meet.example.com/x',
    courseId,
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, start };
}

describe('session notices and reminders', () => {
  it('tells the course, then reminds 24 hours and 1 hour before, each once with two app instances', async () => {
    const { start } = await schedule(72, 'Consumer units');
    await runBoth(new Date());
    const first = await bell(studentCookie);
    expect(first.items[0]).toMatchObject({ kind: 'session', title: 'New live session: Consumer units' });
    expect(await mailTo(student.email, 'session')).toHaveLength(1);

    for (const [lead, title] of [
      [24, 'Tomorrow: Consumer units'],
      [1, 'Starting in 1 hour: Consumer units'],
    ] as const) {
      await runBoth(new Date(start.getTime() - lead * HOUR + 60_000));
      await runBoth(new Date(start.getTime() - lead * HOUR + 120_000));
      const reminders = await t.db.select().from(notifications).where(eq(notifications.title, title));
      expect(reminders).toHaveLength(1);
      const mails = (await mailTo(student.email, 'reminder')).filter((m) => m.subject === title);
      expect(mails).toHaveLength(1);
    }
  });

  it('sends reminders missed while down when they return, but drops those past the start', async () => {
    const late = await schedule(30, 'Earthing');
    const gone = await schedule(40, 'Bonding');
    await runBoth(new Date());
    // Down until 30 minutes before 'Earthing' (both its reminders go), then until 5 minutes after 'Bonding' started.
    await runBoth(new Date(late.start.getTime() - 30 * 60_000));
    expect(
      await t.db.select().from(notifications).where(like(notifications.title, '%: Earthing')),
    ).toHaveLength(3);
    await runBoth(new Date(gone.start.getTime() + 5 * 60_000));
    // 'Bonding': its 24-hour reminder was still before the start at the first return, its 1-hour one was not.
    const bonding = await t.db.select().from(notifications).where(like(notifications.title, '%: Bonding'));
    expect(bonding.map((n) => n.title).sort()).toEqual(['New live session: Bonding', 'Tomorrow: Bonding']);
    const [dropped] = await t.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.key, `reminder:${gone.id}:1h:${gone.start.toISOString()}`));
    expect(dropped!.status).toBe('dropped');
  });

  it('tells attendees when a session is cancelled, and sends no reminder for it', async () => {
    const s = await schedule(50, 'Testing RCDs');
    expect((await call('POST', `/api/admin/sessions/${s.id}/cancel`, adminCookie)).statusCode).toBe(200);
    await runBoth(new Date());
    await runBoth(new Date(s.start.getTime() - HOUR + 60_000));
    const titles = (
      await t.db.select().from(notifications).where(like(notifications.title, '%: Testing RCDs'))
    ).map((n) => n.title);
    expect(titles.sort()).toEqual(['Live session cancelled: Testing RCDs', 'New live session: Testing RCDs']);
  });
});

describe('messages: the bell at once, email as a digest', () => {
  async function conversationWith(user: TestUser) {
    const res = await call('POST', '/api/conversations', adminCookie, { participantIds: [user.id] });
    return res.json().id as string;
  }

  it('batches a conversation into one email naming it, with List-Unsubscribe; none once read in the app', async () => {
    const conversation = await conversationWith(student);
    for (const content of ['Your wiring diagram looks good', 'One question on the RCD'])
      await call('POST', '/api/messages', adminCookie, { conversationId: conversation, content });
    await runBoth(new Date());
    const items = (await bell(studentCookie)).items.filter((n: { kind: string }) => n.kind === 'message');
    expect(items.slice(0, 2).map((n: { title: string }) => n.title)).toEqual([
      'New message from Ada Admin',
      'New message from Ada Admin',
    ]);
    expect(await mailTo(student.email, 'message')).toHaveLength(0);
    await runBoth(new Date(Date.now() + 16 * 60_000));
    await runBoth(new Date(Date.now() + 17 * 60_000));
    const [mail, ...more] = await mailTo(student.email, 'message');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('New messages in your conversation with Ada Admin');
    expect(mail!.textBody).toContain('2 unread messages');
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail!.headers!['List-Unsubscribe']).toMatch(
      /^<http.*\/api\/notifications\/unsubscribe\?token=.+>$/,
    );

    const reader = await t.createUser();
    const readerCookie = await t.login(reader);
    const other = await conversationWith(reader);
    await call('POST', '/api/messages', adminCookie, { conversationId: other, content: 'Seen it?' });
    expect((await call('POST', `/api/conversations/${other}/read`, readerCookie)).statusCode).toBe(204);
    await runBoth(new Date(Date.now() + 16 * 60_000));
    expect(await mailTo(reader.email, 'message')).toHaveLength(0);
    expect((await bell(readerCookie)).unread).toBe(1);
  });

  it('unsubscribes in one click without signing in, once per token', async () => {
    const [mail] = await mailTo(student.email, 'message');
    const url = mail!.headers!['List-Unsubscribe']!.slice(1, -1).replace(t.config.publicUrl, '');
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const res = await oneClick();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'message', label: 'New messages and replies' });
    expect((await oneClick()).json()).toEqual({
      message: 'This unsubscribe link has already been used',
      code: 'UNSUBSCRIBE_USED',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: 'x' },
    });
    expect(unknown.json().code).toBe('UNSUBSCRIBE_INVALID');
    const prefs = (await call('GET', '/api/user/notification-preferences', studentCookie)).json();
    expect(prefs.email).toMatchObject({ message: false, session: true, reminder: true });
  });
});

describe('the bell and preferences', () => {
  it('marks only the caller’s own notifications read', async () => {
    const mine = await bell(studentCookie);
    expect(mine.unread).toBeGreaterThan(0);
    const other = await t.createUser();
    const stranger = await call('POST', '/api/notifications/read', await t.login(other), {
      ids: mine.items.map((n: { id: string }) => n.id),
    });
    expect(stranger.json()).toEqual({ unread: 0, items: [] });
    const read = await call('POST', '/api/notifications/read', studentCookie, {
      ids: mine.items.map((n: { id: string }) => n.id),
    });
    expect(read.json().unread).toBe(0);
    expect((await call('POST', '/api/notifications/read', studentCookie, { ids: ['x'] })).statusCode).toBe(
      400,
    );
  });

  it('keeps per-kind email switches and refuses unknown kinds', async () => {
    const put = await call('PUT', '/api/user/notification-preferences', studentCookie, {
      email: { reminder: false, message: true },
    });
    expect(put.json().email).toMatchObject({ reminder: false, message: true, session: true });
    const bad = await call('PUT', '/api/user/notification-preferences', studentCookie, {
      email: { payments: false },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/user/notification-preferences' })).statusCode).toBe(401);
  });
});
