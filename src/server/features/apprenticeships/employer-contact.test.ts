import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apprenticeships, emailOutbox, teamSeats, users } from '#server/db/schema/index.ts';
import { seedCourse, seedPaidOrder, settlePassword } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { daysAgo, daysAhead } from './apprenticeships.fixtures.ts';

// An employer contact is agreed, never adopted (docs/apprenticeships.md "Employer contact and reviews"): a seat
// never makes its manager the contact; the manager proposes, the apprentice accepts; taking the seat back ends it.

let t: TestContext;
let admin: string;
let manager: TestUser;
let managerCookie: string;
let otherManagerCookie: string;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
  manager = await t.createUser({ firstName: 'Maya', lastName: 'Manager' });
  const course = await seedCourse(t.db);
  orderId = await seedPaidOrder(t.db, { courseId: course.courseId, managerUserId: manager.id, seats: 8 });
  managerCookie = await t.login(manager);
  const other = await t.createUser({ firstName: 'Otto', lastName: 'Other' });
  await seedPaidOrder(t.db, { courseId: course.courseId, managerUserId: other.id });
  otherManagerCookie = await t.login(other);
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

const saveRecord = (studentId: string, values: Record<string, unknown> = {}) =>
  api(t.app, { cookie: admin }).put(`/api/admin/students/${studentId}/apprenticeship`, record(values));
const contactOf = async (studentId: string) =>
  (await api(t.app, { cookie: admin }).get(`/api/admin/students/${studentId}/apprenticeship`)).json();

/** The manager seats a new person who has an apprenticeship record; returns them signed in, with the seat. */
async function apprenticeOnSeat(firstName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now()}@site.example`;
  const res = await api(t.app, { cookie: managerCookie }).post(`/api/team/orders/${orderId}/seats`, {
    firstName,
    lastName: 'Apprentice',
    email,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  expect((await saveRecord(user!.id)).statusCode).toBe(200);
  const cookie = await t.login(await settlePassword(t.db, email));
  return { id: user!.id, email, cookie, seatId: res.json().seatId as string };
}

const propose = (seatId: string, cookie = managerCookie) =>
  api(t.app, { cookie }).post(`/api/team/seats/${seatId}/employer-contact`);

async function proposalFor(cookie: string) {
  const list = (await api(t.app, { cookie }).get('/api/user/invitations')).json();
  return list.find((i: { kind: string }) => i.kind === 'employer_contact');
}

describe('employer contact', () => {
  it('is never adopted from a seat: a record saved with no contact, or seated later, has none', async () => {
    const seated = await apprenticeOnSeat('Ali');
    expect((await contactOf(seated.id)).employerContact).toBeNull();

    const student = await t.createUser({ firstName: 'Bo' });
    expect((await saveRecord(student.id)).json().employerContact).toBeNull();
    const seat = await api(t.app, { cookie: managerCookie }).post(`/api/team/orders/${orderId}/seats`, {
      firstName: 'Bo',
      lastName: 'Apprentice',
      email: student.email,
    });
    expect(seat.json().status).toBe('invited');
    const bo = await t.login(student);
    const accepted = await api(t.app, { cookie: bo }).post(
      `/api/user/invitations/${seat.json().seatId}/accept`,
    );
    expect(accepted.statusCode).toBe(200);
    expect((await contactOf(student.id)).employerContact).toBeNull();
    expect((await api(t.app, { cookie: managerCookie }).get('/api/reviews')).json()).toEqual([]);
  });

  it('is proposed by the manager and takes effect only when the apprentice accepts; then they sign reviews', async () => {
    const ap = await apprenticeOnSeat('Cat');
    const team = (await api(t.app, { cookie: managerCookie }).get('/api/team')).json();
    expect(team.members.find((m: { seatId: string }) => m.seatId === ap.seatId).employerContact).toBe(
      'can_propose',
    );
    // Others cannot propose for this seat; the manager cannot propose twice.
    expect((await propose(ap.seatId, otherManagerCookie)).statusCode).toBe(404);
    expect((await propose(ap.seatId, ap.cookie)).statusCode).toBe(403);
    expect((await api(t.app).post(`/api/team/seats/${ap.seatId}/employer-contact`)).statusCode).toBe(401);
    expect((await propose(ap.seatId)).statusCode).toBe(201);
    const twice = await propose(ap.seatId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CONTACT_ALREADY_PROPOSED');
    expect((await contactOf(ap.id)).employerContact).toBeNull();
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.toAddress} = ${ap.email} AND ${emailOutbox.kind} = 'employer_contact_proposed'`,
      );
    expect(mail?.subject).toContain('Maya Manager');

    const proposal = await proposalFor(ap.cookie);
    expect(proposal).toMatchObject({ kind: 'employer_contact', from: 'Maya Manager', courseId: null });
    // Another student cannot answer it for them.
    const intruder = await t.login(await t.createUser());
    const stolen = await api(t.app, { cookie: intruder }).post(`/api/user/invitations/${proposal.id}/accept`);
    expect(stolen.statusCode).toBe(404);
    expect((await contactOf(ap.id)).employerContact).toBeNull();

    const answers = await Promise.all([
      api(t.app, { cookie: ap.cookie }).post(`/api/user/invitations/${proposal.id}/accept`),
      api(t.app, { cookie: ap.cookie }).post(`/api/user/invitations/${proposal.id}/accept`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await contactOf(ap.id)).employerContact).toMatchObject({ id: manager.id, email: manager.email });
    // The apprentice sees who their contact is.
    const own = (await api(t.app, { cookie: ap.cookie }).get('/api/otj')).json();
    expect(own.apprenticeship.employerContact).toMatchObject({ name: 'Maya Manager' });

    const review = await api(t.app, { cookie: admin }).post(`/api/admin/students/${ap.id}/reviews`, {
      reviewDate: daysAgo(1),
      progressSummary: 'Safe isolation done unsupervised.',
      nextSteps: 'Inspection and testing.',
      otjHoursToDate: 60,
    });
    expect(review.statusCode, review.body).toBe(201);
    const signed = await api(t.app, { cookie: managerCookie }).post(`/api/reviews/${review.json().id}/sign`);
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('declined: nothing changes and the manager is told', async () => {
    const ap = await apprenticeOnSeat('Dee');
    await propose(ap.seatId);
    const proposal = await proposalFor(ap.cookie);
    const declined = await api(t.app, { cookie: ap.cookie }).post(
      `/api/user/invitations/${proposal.id}/decline`,
    );
    expect(declined.json()).toEqual({ id: proposal.id, kind: 'employer_contact', status: 'declined' });
    expect((await contactOf(ap.id)).employerContact).toBeNull();
    const told = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'employer_contact_declined'));
    expect(told.map((m) => m.toAddress)).toContain(manager.email);
  });

  it('ends when the seat is taken back: the admin sees who it was, and new reviews no longer reach them', async () => {
    const ap = await apprenticeOnSeat('Eve');
    await propose(ap.seatId);
    const proposal = await proposalFor(ap.cookie);
    await api(t.app, { cookie: ap.cookie }).post(`/api/user/invitations/${proposal.id}/accept`);
    const pending = await api(t.app, { cookie: admin }).post(`/api/admin/students/${ap.id}/reviews`, {
      reviewDate: daysAgo(2),
      progressSummary: 'Containment and trunking.',
      nextSteps: 'Testing.',
      otjHoursToDate: 30,
    });
    expect(pending.statusCode).toBe(201);

    const revoked = await api(t.app, { cookie: managerCookie }).delete(`/api/team/seats/${ap.seatId}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    const after = await contactOf(ap.id);
    expect(after.employerContact).toBeNull();
    expect(after.formerEmployerContacts).toEqual([
      expect.objectContaining({ name: 'Maya Manager', email: manager.email, reason: 'seat_taken_back' }),
    ]);
    const reviews = (await api(t.app, { cookie: managerCookie }).get('/api/reviews')).json();
    expect(reviews.map((r: { id: string }) => r.id)).not.toContain(pending.json().id);
  });

  it('an admin may set any contact, and saving the record keeps one the apprentice agreed to', async () => {
    const ap = await apprenticeOnSeat('Fay');
    await propose(ap.seatId);
    await api(t.app, { cookie: ap.cookie }).post(
      `/api/user/invitations/${(await proposalFor(ap.cookie)).id}/accept`,
    );
    const kept = await saveRecord(ap.id, { employerContact: { email: manager.email } });
    expect(kept.json().employerContact).toMatchObject({ id: manager.id });
    const [row] = await t.db.select().from(apprenticeships).where(eq(apprenticeships.studentId, ap.id));
    expect(row!.employerContactSeatId).toBe(ap.seatId);

    const chosen = await t.createUser({ firstName: 'Chris', lastName: 'Chosen' });
    const saved = await saveRecord(ap.id, { employerContact: { email: chosen.email } });
    expect(saved.json().employerContact).toMatchObject({ id: chosen.id });
    // A manager cannot replace a contact the admin set.
    const other = await apprenticeOnSeat('Gus');
    await saveRecord(other.id, { employerContact: { email: chosen.email } });
    const refused = await propose(other.seatId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EMPLOYER_CONTACT_SET');
    // Taking Fay's seat back leaves the admin's choice alone.
    expect(
      (await api(t.app, { cookie: managerCookie }).delete(`/api/team/seats/${ap.seatId}`)).statusCode,
    ).toBe(204);
    expect((await contactOf(ap.id)).employerContact).toMatchObject({ id: chosen.id });
  });

  it('the migration clears contacts adopted the old way and records who they were', async () => {
    const student = await t.createUser({ firstName: 'Hal' });
    await saveRecord(student.id);
    // The old rule: the seat's manager written straight onto the record, then the seat taken back.
    await t.db
      .update(apprenticeships)
      .set({ employerContactId: manager.id })
      .where(eq(apprenticeships.studentId, student.id));
    const chosen = await t.createUser({ firstName: 'Ivy', lastName: 'Independent' });
    const kept = await t.createUser({ firstName: 'Jo' });
    await saveRecord(kept.id, { employerContact: { email: chosen.email } });

    for (const statement of dataFixStatements()) await t.db.execute(sql.raw(statement));

    const after = await contactOf(student.id);
    expect(after.employerContact).toBeNull();
    expect(after.formerEmployerContacts).toEqual([
      expect.objectContaining({ name: 'Maya Manager', email: manager.email, reason: 'adopted' }),
    ]);
    expect((await contactOf(kept.id)).employerContact).toMatchObject({ id: chosen.id });
    expect(await t.db.select().from(teamSeats).where(eq(teamSeats.userId, student.id))).toEqual([]);
  });
});

/** The hand-written data fix at the end of the migration that introduced agreed contacts. */
function dataFixStatements(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../db/migrations');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('_consent-teams.sql'))!;
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const fix = text.slice(text.indexOf('-- Employer contacts were adopted'));
  return fix
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}
