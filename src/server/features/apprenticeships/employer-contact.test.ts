import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { seedCourse, seedPaidOrder } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { daysAgo, daysAhead } from './apprenticeships.fixtures.ts';

// The employer contact defaults to the apprentice's team manager (docs/apprenticeships.md
// 'Employer contact and reviews').

let t: TestContext;
let admin: string;
let manager: TestUser;
let managerCookie: string;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
  manager = await t.createUser({ firstName: 'Maya', lastName: 'Manager' });
  const course = await seedCourse(t.db);
  orderId = await seedPaidOrder(t.db, { courseId: course.courseId, managerUserId: manager.id, seats: 5 });
  managerCookie = await t.login(manager);
});
afterAll(() => t.close());

const record = (values: Record<string, unknown> = {}) => ({
  standard: 'Installation Electrician',
  startDate: daysAgo(100),
  endDate: daysAhead(500),
  weeklyContractedHours: 37.5,
  plannedOtjHours: 400,
  employerContact: null,
  ...values,
});

/** The manager gives a seat to a new person; returns their account id. */
async function seatFor(firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}@site.example`;
  const res = await api(t.app, { cookie: managerCookie }).post(`/api/team/orders/${orderId}/seats`, {
    firstName,
    lastName: 'Apprentice',
    email,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

const saveRecord = (studentId: string, values: Record<string, unknown> = {}) =>
  api(t.app, { cookie: admin }).put(`/api/admin/students/${studentId}/apprenticeship`, record(values));

describe('employer contact', () => {
  it('defaults to the team manager of the seat the apprentice holds, who then signs their reviews', async () => {
    const studentId = await seatFor('Ali');
    const saved = await saveRecord(studentId);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().employerContact).toMatchObject({ id: manager.id, email: manager.email });

    const review = await api(t.app, { cookie: admin }).post(`/api/admin/students/${studentId}/reviews`, {
      reviewDate: daysAgo(1),
      progressSummary: 'Safe isolation done unsupervised.',
      nextSteps: 'Inspection and testing.',
      otjHoursToDate: 60,
    });
    expect(review.statusCode, review.body).toBe(201);
    const reviews = (await api(t.app, { cookie: managerCookie }).get('/api/reviews')).json();
    expect(reviews).toEqual([expect.objectContaining({ id: review.json().id, canSignAs: 'employer' })]);
    const signed = await api(t.app, { cookie: managerCookie }).post(`/api/reviews/${review.json().id}/sign`);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().signatures).toEqual([
      expect.objectContaining({ role: 'employer', name: 'Maya Manager' }),
    ]);
  });

  it('is picked up by a record without one when the apprentice later gets a seat', async () => {
    const student = await t.createUser({ firstName: 'Bo' });
    expect((await saveRecord(student.id)).json().employerContact).toBeNull();
    const res = await api(t.app, { cookie: managerCookie }).post(`/api/team/orders/${orderId}/seats`, {
      firstName: 'Bo',
      lastName: 'Apprentice',
      email: student.email,
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await api(t.app, { cookie: admin }).get(`/api/admin/students/${student.id}/apprenticeship`);
    expect(after.json().employerContact).toMatchObject({ id: manager.id });
  });

  it('gives way to a contact the admin chooses', async () => {
    const studentId = await seatFor('Cat');
    const chosen = await t.createUser({ firstName: 'Chris', lastName: 'Chosen' });
    const saved = await saveRecord(studentId, { employerContact: { email: chosen.email } });
    expect(saved.json().employerContact).toMatchObject({ id: chosen.id });
  });
});
