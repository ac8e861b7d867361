import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, enrolments } from '#server/db/schema/index.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let admin: string;
let enrolled: TestUser;
let other: TestUser;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
  enrolled = await t.createUser({ firstName: 'Enid' });
  other = await t.createUser();
  const [c] = await t.db.insert(courses).values({ title: 'A', description: 'a' }).returning();
  courseId = c!.id;
  await t.db.insert(enrolments).values({ userId: enrolled.id, courseId });
});
afterAll(async () => {
  await t.close();
});

const tomorrow = (h: number) => new Date(Date.now() + 24 * 3600_000 + h * 3600_000).toISOString();
const input = (extra: Record<string, unknown> = {}) => ({
  title: 'Q&A, drainage',
  description: 'Bring questions; we answer them',
  startTime: tomorrow(0),
  endTime: tomorrow(1),
  sessionType: 'online',
  location: 'https://meet.example.com/abc',
  attendeeIds: [enrolled.id],
  ...extra,
});
const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: admin } });

describe('live sessions', () => {
  it.each([
    [{ title: '' }, 'Title is required', 'VALIDATION_FAILED'],
    [{ endTime: tomorrow(-1) }, 'End time must be after the start time', 'VALIDATION_FAILED'],
    [
      { attendeeIds: ['00000000-0000-4000-8000-000000000000'] },
      'Attendees must be enrolled students',
      'BAD_REQUEST',
    ],
  ])('validates %o: %s', async (change, message, code) => {
    const res = await call('POST', '/api/admin/sessions', input(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code });
  });

  it('refuses a student who is not enrolled', async () => {
    const res = await call('POST', '/api/admin/sessions', input({ attendeeIds: [other.id] }));
    expect(res.json()).toEqual({ message: 'Attendees must be enrolled students', code: 'BAD_REQUEST' });
  });

  it('creates, edits, cancels, restores and deletes; .ics for attendees and admins only', async () => {
    const created = await call('POST', '/api/admin/sessions', input());
    expect(created.statusCode).toBe(201);
    const s = created.json();
    expect(s).toMatchObject({
      title: 'Q&A, drainage',
      sessionType: 'online',
      status: 'scheduled',
      attendees: [{ id: enrolled.id, firstName: 'Enid' }],
    });
    const edited = await call(
      'PUT',
      `/api/admin/sessions/${s.id}`,
      input({ sessionType: 'in_person', location: '1 High St, Leeds', courseId }),
    );
    expect(edited.json()).toMatchObject({ sessionType: 'in_person', location: '1 High St, Leeds', courseId });
    expect((await call('GET', '/api/admin/sessions')).json().map((x: { id: string }) => x.id)).toContain(
      s.id,
    );

    const ics = await t.app.inject({
      url: `/api/sessions/${s.id}/ics`,
      headers: { cookie: await t.login(enrolled) },
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('SEQUENCE:1');
    expect(ics.body).toContain('SUMMARY:Q&A\\, drainage');
    expect(ics.body).toContain('LOCATION:1 High St\\, Leeds');
    expect((await call('GET', `/api/sessions/${s.id}/ics`)).statusCode).toBe(200);
    const stranger = await t.app.inject({
      url: `/api/sessions/${s.id}/ics`,
      headers: { cookie: await t.login(other) },
    });
    expect(stranger.statusCode).toBe(404);

    expect((await call('POST', `/api/admin/sessions/${s.id}/cancel`)).json().status).toBe('cancelled');
    expect((await call('GET', `/api/sessions/${s.id}/ics`)).body).toMatch(
      /SEQUENCE:2[\s\S]*STATUS:CANCELLED/,
    );
    expect((await call('POST', `/api/admin/sessions/${s.id}/restore`)).json().status).toBe('scheduled');
    expect((await call('DELETE', `/api/admin/sessions/${s.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/sessions/${s.id}`)).statusCode).toBe(404);
  });
});
