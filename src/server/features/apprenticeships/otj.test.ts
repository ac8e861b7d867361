import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otjEntries } from '#server/db/schema/index.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { addMonths } from '#shared/schemas/apprenticeships.ts';
import {
  callerFor,
  daysAgo,
  daysAhead,
  otjEntryBody,
  otjPeople,
  seedApprenticeship,
  seedEntry,
} from './apprenticeships.fixtures.ts';

let t: TestContext;
let admin: string;
let apprentice: TestUser;
let apprenticeCookie: string;
let other: TestUser;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, apprentice, apprenticeCookie, other, otherCookie } = await otjPeople(t));
  // The apprentice's record as an admin saves it (otj-record.test.ts): began 200 days ago, 400 planned hours.
  await seedApprenticeship(t.db, apprentice.id);
});
afterAll(async () => {
  await t.close();
});

const call = callerFor(() => t.app);
const entry = otjEntryBody;

describe('POST /api/otj', () => {
  it('logs an entry as pending and shows it in GET /api/otj', async () => {
    const body = entry({ hours: 1.25 });
    const res = await call(apprenticeCookie, 'POST', '/api/otj', body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const overview = (await call(apprenticeCookie, 'GET', '/api/otj')).json();
    expect(overview.entries.find((e: { id: string }) => e.id === id)).toMatchObject({
      date: body.date,
      hours: 1.25,
      activity: 'practical_training',
      status: 'pending',
      source: 'apprentice',
      inPaidHours: true,
    });
    expect(overview.pendingHours).toBeGreaterThanOrEqual(1.25);
  });

  it.each([
    [{ hours: 0.3 }, 'Hours go in quarter-hour steps (0.25)'],
    [{ hours: 0 }, 'Enter the hours'],
    [{ hours: 24.25 }, 'No more than 24 hours in a day'],
    [{ inPaidHours: false }, 'Off-the-job training must be in your paid working hours'],
    [
      { activity: 'english_maths' },
      'Choose an activity from the list (English and maths, progress reviews and exams are not off-the-job training)',
    ],
    [
      { activity: 'progress_review' },
      'Choose an activity from the list (English and maths, progress reviews and exams are not off-the-job training)',
    ],
    [{ description: 'stuff' }, 'Describe what you learned (at least 10 characters)'],
    [{ date: daysAhead(1) }, 'You cannot log hours for a future date'],
    [
      { date: daysAgo(201) },
      `This date is before your apprenticeship started (${daysAgo(200).split('-').reverse().join('/')})`,
    ],
    [{ date: '2026-02-30' }, 'Enter the date'],
  ])('refuses %j', async (change, message) => {
    const res = await call(apprenticeCookie, 'POST', '/api/otj', entry(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses dates after the planned end', async () => {
    const finished = await t.createUser();
    await seedApprenticeship(t.db, finished.id, { startDate: daysAgo(400), endDate: daysAgo(10) });
    const res = await call(await t.login(finished), 'POST', '/api/otj', entry({ date: daysAgo(5) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^This date is after your apprenticeship’s planned end \(\d\d\/\d\d\/\d{4}\)$/,
    );
  });

  it('refuses more than 24 hours in one day in total', async () => {
    const date = daysAgo(40);
    expect((await call(apprenticeCookie, 'POST', '/api/otj', entry({ date, hours: 16 }))).statusCode).toBe(
      201,
    );
    expect((await call(apprenticeCookie, 'POST', '/api/otj', entry({ date, hours: 8 }))).statusCode).toBe(
      201,
    );
    const res = await call(apprenticeCookie, 'POST', '/api/otj', entry({ date, hours: 0.25 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^That would make more than 24 hours on .* \(24 h already logged\)$/);
  });

  it('refuses a duplicate, also when both arrive at once (exactly one is stored)', async () => {
    const body = entry({ date: daysAgo(50) });
    expect((await call(apprenticeCookie, 'POST', '/api/otj', body)).statusCode).toBe(201);
    const again = await call(apprenticeCookie, 'POST', '/api/otj', {
      ...body,
      description: `  ${body.description.toUpperCase()} `,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You have already logged this entry (same date, activity, hours and description)',
    );

    const twin = entry({ date: daysAgo(51) });
    const results = await Promise.all([1, 2, 3].map(() => call(apprenticeCookie, 'POST', '/api/otj', twin)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const stored = await t.db.select().from(otjEntries).where(eq(otjEntries.description, twin.description));
    expect(stored).toHaveLength(1);
  });

  it('404s for a student without an apprenticeship', async () => {
    const res = await call(otherCookie, 'POST', '/api/otj', entry());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('You have no apprenticeship on TradeSkills');
    expect((await call(otherCookie, 'GET', '/api/otj')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/otj')).statusCode).toBe(401);
  });
});

describe('approval', () => {
  it('counts only approved hours; a rejection needs a reason the apprentice sees; amending sends it back', async () => {
    const before = (await call(apprenticeCookie, 'GET', '/api/otj')).json();
    const { id } = (
      await call(apprenticeCookie, 'POST', '/api/otj', entry({ date: daysAgo(60), hours: 3 }))
    ).json();
    const { id: id2 } = (
      await call(apprenticeCookie, 'POST', '/api/otj', entry({ date: daysAgo(61), hours: 1 }))
    ).json();

    const approved = await call(admin, 'POST', `/api/admin/otj/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'approved', studentName: 'Aisha Khan' });
    const again = await call(admin, 'POST', `/api/admin/otj/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This entry has already been approved');

    const noReason = await call(admin, 'POST', `/api/admin/otj/${id2}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Give a reason');
    expect((await call(admin, 'POST', `/api/admin/otj/${id2}/reject`, {})).statusCode).toBe(400);
    const rejected = await call(admin, 'POST', `/api/admin/otj/${id2}/reject`, {
      reason: 'Say what was new to you',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Say what was new to you' });

    const after = (await call(apprenticeCookie, 'GET', '/api/otj')).json();
    expect(after.approvedHours).toBe(before.approvedHours + 3);
    expect(after.pendingHours).toBe(before.pendingHours);
    expect(after.entries.find((e: { id: string }) => e.id === id2)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Say what was new to you',
    });

    // Only a rejected entry can be amended; amending it makes it pending again.
    expect((await call(apprenticeCookie, 'PUT', `/api/otj/${id}`, entry())).statusCode).toBe(409);
    const amended = await call(
      apprenticeCookie,
      'PUT',
      `/api/otj/${id2}`,
      entry({ date: daysAgo(61), hours: 1.5, description: 'Learned how to size a radiator for a room' }),
    );
    expect(amended.statusCode).toBe(200);
    const row = (await call(apprenticeCookie, 'GET', '/api/otj'))
      .json()
      .entries.find((e: { id: string }) => e.id === id2);
    expect(row).toMatchObject({ status: 'pending', hours: 1.5, rejectionReason: 'Say what was new to you' });
    // The amendment follows the same rules.
    expect(
      (await call(apprenticeCookie, 'POST', `/api/admin/otj/${id2}/reject`, { reason: 'x' })).statusCode,
    ).toBe(403);
    await call(admin, 'POST', `/api/admin/otj/${id2}/reject`, { reason: 'Still vague' });
    expect(
      (await call(apprenticeCookie, 'PUT', `/api/otj/${id2}`, entry({ date: daysAhead(2) }))).statusCode,
    ).toBe(400);
    // Another student cannot amend it.
    expect((await call(otherCookie, 'PUT', `/api/otj/${id2}`, entry())).statusCode).toBe(404);
  });

  it('decides an entry once when two tutors act at the same moment', async () => {
    const { id } = (await call(apprenticeCookie, 'POST', '/api/otj', entry({ date: daysAgo(70) }))).json();
    const [a, b] = await Promise.all([
      call(admin, 'POST', `/api/admin/otj/${id}/approve`),
      call(admin, 'POST', `/api/admin/otj/${id}/reject`, { reason: 'Not relevant' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('lists pending entries for the admin with the apprentice’s name', async () => {
    const res = await call(admin, 'GET', '/api/admin/otj?status=pending');
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.json().every((e: { status: string }) => e.status === 'pending')).toBe(true);
    expect((await call(admin, 'POST', `/api/admin/otj/${crypto.randomUUID()}/approve`)).statusCode).toBe(404);
  });
});

describe('progress at a glance', () => {
  it('reports planned, minimum, forecast and pace, and warns when behind and after 4 quiet weeks', async () => {
    const learner = await t.createUser({ firstName: 'Fay' });
    const cookie = await t.login(learner);
    // 100 days in, 100 days to go: 20 approved hours projects to 40 of the planned 200.
    await seedApprenticeship(t.db, learner.id, {
      startDate: daysAgo(100),
      endDate: daysAhead(100),
      plannedOtjHours: 200,
      standardMinimumHours: 190,
    });
    await seedEntry(t.db, learner.id, { date: daysAgo(40), seconds: 20 * 3600, status: 'approved' });
    await seedEntry(t.db, learner.id, { date: daysAgo(35), seconds: 3600, status: 'rejected' });
    const res = (await call(cookie, 'GET', '/api/otj')).json();
    expect(res).toMatchObject({
      plannedHours: 200,
      minimumHours: 190,
      approvedHours: 20,
      pendingHours: 0,
      forecastHours: 40,
      lastLearningDate: daysAgo(40),
    });
    expect(res.paceNeededPerWeek).toBeCloseTo(180 / (100 / 7), 2);
    expect(res.warnings.map((w: { code: string }) => w.code)).toEqual(['BEHIND', 'NO_RECENT_LEARNING']);
    expect(res.warnings[1].message).toMatch(/^No learning logged for 5 weeks \(last on \d\d\/\d\d\/\d{4}\)/);
    expect(res.nextReviewDue).toBe(addMonths(daysAgo(100), 3));
    expect(res.reviewOverdue).toBe(true);

    // Learning logged this week (pending counts as logged) clears the quiet warning, not the behind one.
    await call(cookie, 'POST', '/api/otj', entry({ date: daysAgo(1) }));
    const now = (await call(cookie, 'GET', '/api/otj')).json();
    expect(now.warnings.map((w: { code: string }) => w.code)).toEqual(['BEHIND']);
    expect(now.pendingHours).toBe(2);
  });

  it('lists every apprentice for the admin with figures and next review due', async () => {
    const res = await call(admin, 'GET', '/api/admin/apprentices');
    expect(res.statusCode).toBe(200);
    const row = res.json().find((a: { studentId: string }) => a.studentId === apprentice.id);
    expect(row).toMatchObject({
      name: 'Aisha Khan',
      plannedOtjHours: 400,
      minimumHours: 187,
      nextReviewDue: addMonths(daysAgo(200), 3),
      reviewOverdue: true,
    });
    expect(row.approvedHours).toBeGreaterThan(0);
    expect(res.json().some((a: { studentId: string }) => a.studentId === other.id)).toBe(false);
  });
});

describe('exports', () => {
  it('gives the apprentice their own log as CSV, safe against formula injection', async () => {
    await call(
      apprenticeCookie,
      'POST',
      '/api/otj',
      entry({ date: daysAgo(80), description: '=HYPERLINK("http://evil.example","click") for sure' }),
    );
    const res = await call(apprenticeCookie, 'GET', '/api/otj/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="off-the-job-log-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Date","Hours","Activity","Description","Source","In paid hours","Status","Rejection reason"',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") for sure"`);
    expect(res.body).toContain('"rejected","Still vague"');
    // Another student's download has none of it.
    const theirs = await call(otherCookie, 'GET', '/api/otj/export.csv');
    expect(theirs.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('gives the admin the provider-wide CSV for the learner record', async () => {
    const res = await call(admin, 'GET', '/api/admin/apprentices/export.csv');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Learner ID","First name","Last name","Email","Standard","Start date","Planned end date","Planned OTJ hours","Actual approved OTJ hours"',
    );
    const overview = (await call(apprenticeCookie, 'GET', '/api/otj')).json();
    expect(lines).toContain(
      `"${apprentice.id}","Aisha","Khan","${apprentice.email}","Plumbing and Domestic Heating Technician","${daysAgo(200)}","${daysAhead(400)}","400","${overview.approvedHours}"`,
    );
    expect((await call(apprenticeCookie, 'GET', '/api/admin/apprentices/export.csv')).statusCode).toBe(403);
  });
});
