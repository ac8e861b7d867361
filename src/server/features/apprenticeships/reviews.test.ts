import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { addMonths } from '#shared/schemas/apprenticeships.ts';
import { callerFor, daysAgo, daysAhead, seedApprenticeship } from './apprenticeships.fixtures.ts';

let t: TestContext;
let admin: string;
let apprentice: TestUser;
let apprenticeCookie: string;
let boss: TestUser;
let bossCookie: string;
let other: TestUser;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin', firstName: 'Tina', lastName: 'Tutor' }));
  apprentice = await t.createUser({ firstName: 'Aisha', lastName: 'Khan' });
  apprenticeCookie = await t.login(apprentice);
  boss = await t.createUser({ firstName: 'Bella', lastName: 'Boss' });
  bossCookie = await t.login(boss);
  other = await t.createUser({ firstName: 'Olly', lastName: 'Other' });
  otherCookie = await t.login(other);
  await seedApprenticeship(t.db, apprentice.id, { employerContactId: boss.id, startDate: daysAgo(200) });
});
afterAll(async () => {
  await t.close();
});

const call = callerFor(() => t.app);

const review = (values: Record<string, unknown> = {}) => ({
  reviewDate: daysAgo(2),
  progressSummary: 'Confident with soldered joints; pressure testing still supervised.',
  nextSteps: 'Shadow a system commissioning before the next review.',
  otjHoursToDate: 84.5,
  supportNeeds: 'Extra time for written assignments.',
  ...values,
});

describe('progress reviews', () => {
  let reviewId: string;

  it('the tutor records a review', async () => {
    const res = await call(admin, 'POST', `/api/admin/students/${apprentice.id}/reviews`, review());
    expect(res.statusCode).toBe(201);
    reviewId = res.json().id;
    expect(reviewId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{ reviewDate: daysAhead(1) }, 'A review cannot be dated in the future'],
    [{ reviewDate: daysAgo(201) }, 'A review cannot be dated before the apprenticeship started'],
    [{ progressSummary: ' ' }, 'Describe progress against the standard'],
    [{ nextSteps: '' }, 'Enter the next steps'],
  ])('refuses %j', async (change, message) => {
    const res = await call(admin, 'POST', `/api/admin/students/${apprentice.id}/reviews`, review(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('404s for a student without an apprenticeship', async () => {
    const res = await call(admin, 'POST', `/api/admin/students/${other.id}/reviews`, review());
    expect(res.statusCode).toBe(404);
  });

  it('counts reviews waiting for the caller’s signature', async () => {
    const summary = await call(bossCookie, 'GET', '/api/apprenticeship/summary');
    expect(summary.json()).toEqual({ isApprentice: false, isEmployerContact: true, reviewsToSign: 1 });
    expect((await call(apprenticeCookie, 'GET', '/api/apprenticeship/summary')).json()).toEqual({
      isApprentice: true,
      isEmployerContact: false,
      reviewsToSign: 1,
    });
    expect((await call(otherCookie, 'GET', '/api/apprenticeship/summary')).json()).toEqual({
      isApprentice: false,
      isEmployerContact: false,
      reviewsToSign: 0,
    });
  });

  it('each party signs once in their own account, with name and time', async () => {
    const mine = (await call(apprenticeCookie, 'GET', '/api/reviews')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: reviewId,
      signatures: [],
      canSignAs: 'apprentice',
      fullySigned: false,
    });

    const signed = await call(apprenticeCookie, 'POST', `/api/reviews/${reviewId}/sign`);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().signatures).toEqual([
      { role: 'apprentice', name: 'Aisha Khan', signedAt: expect.any(String) },
    ]);
    const twice = await call(apprenticeCookie, 'POST', `/api/reviews/${reviewId}/sign`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This review is already signed by the apprentice');

    // Employer and tutor at the same moment, twice each: one signature per role.
    const results = await Promise.all([
      call(bossCookie, 'POST', `/api/reviews/${reviewId}/sign`),
      call(bossCookie, 'POST', `/api/reviews/${reviewId}/sign`),
      call(admin, 'POST', `/api/reviews/${reviewId}/sign`),
      call(admin, 'POST', `/api/reviews/${reviewId}/sign`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);

    const [final] = (await call(apprenticeCookie, 'GET', '/api/reviews')).json();
    expect((await call(bossCookie, 'GET', '/api/apprenticeship/summary')).json().reviewsToSign).toBe(0);
    expect(final.fullySigned).toBe(true);
    expect(final.canSignAs).toBeNull();
    expect(final.signatures.map((s: { role: string; name: string }) => [s.role, s.name]).sort()).toEqual([
      ['apprentice', 'Aisha Khan'],
      ['employer', 'Bella Boss'],
      ['tutor', 'Tina Tutor'],
    ]);
    for (const s of final.signatures) expect(Date.now() - Date.parse(s.signedAt)).toBeLessThan(60_000);
  });

  it('another student neither sees nor signs an apprentice’s reviews', async () => {
    expect((await call(otherCookie, 'GET', '/api/reviews')).json()).toEqual([]);
    expect((await call(otherCookie, 'POST', `/api/reviews/${reviewId}/sign`)).statusCode).toBe(404);
    expect((await call(otherCookie, 'GET', `/api/reviews/${reviewId}/pdf`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/reviews')).statusCode).toBe(401);
  });

  it('the employer contact sees only reviews of their own apprentices', async () => {
    const stranger = await t.createUser();
    const strangerBoss = await t.createUser();
    await seedApprenticeship(t.db, stranger.id, { employerContactId: strangerBoss.id });
    const { id } = (await call(admin, 'POST', `/api/admin/students/${stranger.id}/reviews`, review())).json();
    const seen = (await call(bossCookie, 'GET', '/api/reviews')).json().map((r: { id: string }) => r.id);
    expect(seen).toEqual([reviewId]);
    expect((await call(bossCookie, 'POST', `/api/reviews/${id}/sign`)).statusCode).toBe(404);
    expect(
      (await call(await t.login(strangerBoss), 'POST', `/api/reviews/${id}/sign`)).json().signatures[0],
    ).toMatchObject({ role: 'employer' });
  });

  it('the next review is due 3 calendar months after the latest one', async () => {
    const list = (await call(admin, 'GET', '/api/admin/apprentices')).json();
    const row = list.find((a: { studentId: string }) => a.studentId === apprentice.id);
    expect(row.nextReviewDue).toBe(addMonths(daysAgo(2), 3));
    expect(row.reviewOverdue).toBe(false);
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('renders the signed review as a PDF for its parties', async () => {
    for (const cookie of [apprenticeCookie, bossCookie, admin]) {
      const res = await call(cookie, 'GET', `/api/reviews/${reviewId}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
