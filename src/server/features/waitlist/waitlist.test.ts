import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema/index.ts';
import { createCourse } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';

// The waitlist (docs/product.md#waitlist): double opt-in, one "now open" email per confirmed address however often
// the course is switched off and on, an unsubscribe link in every email, counts for the admin.

let t: TestContext;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'admin' });
  adminCookie = await t.login(admin);
});
afterAll(async () => {
  await t.close();
});

const mails = (to: string, kind?: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(
      kind ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, to),
    );

/** Joins and follows the emailed link; returns the unsubscribe token of the confirmation email. */
async function subscribe(courseId: string, email: string, confirm = true) {
  const joined = await api(t.app).post(`/api/courses/${courseId}/waitlist`, { email });
  expect(joined.statusCode).toBe(202);
  const [mail] = await mails(email.toLowerCase(), 'waitlist_confirm');
  const token = /confirm\?token=([\w-]+)/.exec(mail!.textBody)?.[1];
  expect(token).toBeTruthy();
  if (confirm) {
    const res = await api(t.app).post('/api/waitlist/confirm', { token });
    expect(res.statusCode).toBe(200);
  }
  return /unsubscribe\?token=([\w-]+)/.exec(mail!.textBody)?.[1] ?? '';
}

const setActive = (courseId: string, isActive: boolean) =>
  api(t.app, { cookie: adminCookie }).put(`/api/admin/courses/${courseId}`, {
    title: 'Coming Course',
    description: 'Soon.',
    isActive,
  });

describe('joining', () => {
  it('202 and a confirmation email with a token= link and an unsubscribe link', async () => {
    const course = await createCourse(t.db, 'Fire Systems', { isActive: false });
    const res = await api(t.app).post(`/api/courses/${course.id}/waitlist`, {
      email: 'Fire.Fan@Example.com',
    });
    expect(res.statusCode).toBe(202);
    const [mail] = await mails('fire.fan@example.com', 'waitlist_confirm');
    expect(mail!.textBody).toMatch(/\/waitlist\/confirm\?token=[\w-]{20,}/);
    expect(mail!.textBody).toMatch(/\/waitlist\/unsubscribe\?token=[\w-]{20,}/);
    expect(mail!.subject).toContain('Fire Systems');
  });

  it('refuses bad input, an unknown course (404) and an open course (409 COURSE_ALREADY_OPEN)', async () => {
    const closed = await createCourse(t.db, 'Closed', { isActive: false });
    const open = await createCourse(t.db, 'Open', { isActive: true });
    const caller = api(t.app);
    expect(
      (await caller.post(`/api/courses/${closed.id}/waitlist`, { email: 'not-an-email' })).statusCode,
    ).toBe(400);
    expect((await caller.post(`/api/courses/${closed.id}/waitlist`, {})).statusCode).toBe(400);
    expect((await caller.post('/api/courses/nope/waitlist', { email: 'a@example.com' })).statusCode).toBe(
      400,
    );
    const unknown = await caller.post('/api/courses/00000000-0000-4000-8000-000000000000/waitlist', {
      email: 'a@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    const already = await caller.post(`/api/courses/${open.id}/waitlist`, { email: 'a@example.com' });
    expect(already.statusCode).toBe(409);
    expect(already.json().code).toBe('COURSE_ALREADY_OPEN');
  });

  it('a bad or used confirmation token is 400 WAITLIST_TOKEN_INVALID', async () => {
    const course = await createCourse(t.db, 'Token Course', { isActive: false });
    const bad = await api(t.app).post('/api/waitlist/confirm', { token: 'made-up' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('WAITLIST_TOKEN_INVALID');
    await subscribe(course.id, 'once@example.com');
    const [mail] = await mails('once@example.com', 'waitlist_confirm');
    const token = /confirm\?token=([\w-]+)/.exec(mail!.textBody)![1];
    const reused = await api(t.app).post('/api/waitlist/confirm', { token });
    expect(reused.statusCode).toBe(400);
  });

  it('joining twice at once makes one subscriber', async () => {
    const course = await createCourse(t.db, 'Twice', { isActive: false });
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        api(t.app).post(`/api/courses/${course.id}/waitlist`, { email: 'twice@example.com' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    const counts = (await api(t.app, { cookie: adminCookie }).get('/api/admin/waitlists')).json() as {
      courseId: string;
      pending: number;
    }[];
    expect(counts.find((c) => c.courseId === course.id)?.pending).toBe(1);
  });
});

describe('when the course opens', () => {
  it('every confirmed subscriber gets exactly one email, across a deactivate and a reactivate', async () => {
    const course = await createCourse(t.db, 'EV Chargers', { isActive: false });
    await subscribe(course.id, 'confirmed@example.com');
    await subscribe(course.id, 'unconfirmed@example.com', false);
    const unsubscribeToken = await subscribe(course.id, 'leaver@example.com');
    const left = await api(t.app).post('/api/waitlist/unsubscribe', { token: unsubscribeToken });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ courseTitle: 'EV Chargers' });

    expect((await setActive(course.id, true)).statusCode).toBe(200);
    expect((await setActive(course.id, false)).statusCode).toBe(200);
    expect((await setActive(course.id, true)).statusCode).toBe(200);
    expect((await setActive(course.id, true)).statusCode).toBe(200);

    const told = await mails('confirmed@example.com', 'waitlist_open');
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain(`/courses/${course.id}`);
    expect(told[0]!.textBody).toMatch(/\/waitlist\/unsubscribe\?token=[\w-]{20,}/);
    expect(await mails('unconfirmed@example.com', 'waitlist_open')).toHaveLength(0);
    expect(await mails('leaver@example.com', 'waitlist_open')).toHaveLength(0);

    const counts = (await api(t.app, { cookie: adminCookie }).get('/api/admin/waitlists')).json();
    expect(counts.find((c: { courseId: string }) => c.courseId === course.id)).toEqual({
      courseId: course.id,
      title: 'Coming Course',
      isActive: true,
      pending: 1,
      confirmed: 0,
      notified: 1,
      unsubscribed: 1,
    });
  });

  it('two activations at once still send one email per subscriber', async () => {
    const course = await createCourse(t.db, 'Race Course', { isActive: false });
    const emails = ['r1@example.com', 'r2@example.com', 'r3@example.com'];
    for (const email of emails) await subscribe(course.id, email);
    const results = await Promise.all([1, 2, 3, 4].map(() => setActive(course.id, true)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    for (const email of emails) expect(await mails(email, 'waitlist_open')).toHaveLength(1);
  });

  it('confirming after the course opened tells the subscriber at once, once', async () => {
    const course = await createCourse(t.db, 'Late Course', { isActive: false });
    await api(t.app).post(`/api/courses/${course.id}/waitlist`, { email: 'late@example.com' });
    await setActive(course.id, true);
    expect(await mails('late@example.com', 'waitlist_open')).toHaveLength(0);
    const [mail] = await mails('late@example.com', 'waitlist_confirm');
    const token = /confirm\?token=([\w-]+)/.exec(mail!.textBody)![1];
    expect((await api(t.app).post('/api/waitlist/confirm', { token })).statusCode).toBe(200);
    await setActive(course.id, false);
    await setActive(course.id, true);
    expect(await mails('late@example.com', 'waitlist_open')).toHaveLength(1);
  });
});

describe('admin counts', () => {
  it('only admins see them', async () => {
    expect((await api(t.app).get('/api/admin/waitlists')).statusCode).toBe(401);
    const student = await t.createUser();
    const cookie = await t.login(student);
    expect((await api(t.app, { cookie }).get('/api/admin/waitlists')).statusCode).toBe(403);
  });

  it('an unknown unsubscribe token is 400', async () => {
    const res = await api(t.app).post('/api/waitlist/unsubscribe', { token: 'nothing' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WAITLIST_TOKEN_INVALID');
  });
});
