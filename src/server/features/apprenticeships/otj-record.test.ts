import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, enrolments, users } from '#server/db/schema/index.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { addMonths } from '#shared/schemas/apprenticeships.ts';
import { callerFor, daysAgo, daysAhead, otjPeople } from './apprenticeships.fixtures.ts';

// The apprenticeship record an admin saves for a student: its rules and the employer contact. The log, approval,
// figures and exports: otj.test.ts.

let t: TestContext;
let admin: string;
let adminUser: TestUser;
let apprentice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminUser, admin, apprentice } = await otjPeople(t));
});
afterAll(async () => {
  await t.close();
});

const call = callerFor(() => t.app);

const record = (values: Record<string, unknown> = {}) => ({
  standard: 'Plumbing and Domestic Heating Technician',
  startDate: daysAgo(200),
  endDate: daysAhead(400),
  weeklyContractedHours: 37.5,
  plannedOtjHours: 400,
  ...values,
});

describe('PUT /api/admin/students/:id/apprenticeship', () => {
  it('saves the record and returns it', async () => {
    const res = await call(
      admin,
      'PUT',
      `/api/admin/students/${apprentice.id}/apprenticeship`,
      record({ level: 3 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      studentId: apprentice.id,
      standard: 'Plumbing and Domestic Heating Technician',
      level: 3,
      startDate: daysAgo(200),
      plannedOtjHours: 400,
      employerContact: null,
    });
  });

  it.each([
    [{ plannedOtjHours: 186 }, 'Planned off-the-job hours must be at least 187'],
    [
      {
        startDate: daysAgo(10),
        endDate: addMonths(daysAgo(10), 8).replace(/\d\d$/, (d) => String(Number(d) - 1).padStart(2, '0')),
      },
      'An apprenticeship must last at least 8 months',
    ],
    [{ startDate: daysAgo(10), endDate: daysAgo(20) }, 'The planned end must be after the start'],
    [{ standardMinimumHours: 450 }, 'Planned off-the-job hours are below the standard’s minimum'],
    [{ weeklyContractedHours: 0 }, 'Enter the weekly contracted hours'],
  ])('refuses %j with a clear message', async (change, message) => {
    const res = await call(
      admin,
      'PUT',
      `/api/admin/students/${apprentice.id}/apprenticeship`,
      record(change),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts exactly 8 months and 187 hours', async () => {
    const student = await t.createUser();
    const start = daysAgo(10);
    const res = await call(
      admin,
      'PUT',
      `/api/admin/students/${student.id}/apprenticeship`,
      record({ startDate: start, endDate: addMonths(start, 8), plannedOtjHours: 187 }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('404s for an unknown student or an admin', async () => {
    expect(
      (await call(admin, 'PUT', `/api/admin/students/${crypto.randomUUID()}/apprenticeship`, record()))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'PUT', `/api/admin/students/${adminUser.id}/apprenticeship`, record())).statusCode,
    ).toBe(404);
  });

  it('makes a new employer contact an account with emailed credentials and no enrolment', async () => {
    const student = await t.createUser({ firstName: 'Ben' });
    const email = `boss-${Date.now()}@employer.example`;
    const res = await call(
      admin,
      'PUT',
      `/api/admin/students/${student.id}/apprenticeship`,
      record({ employerContact: { email, firstName: 'Bella', lastName: 'Boss' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().employerContact).toMatchObject({ name: 'Bella Boss', email });
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ role: 'student', mustChangePassword: true });
    expect(await t.db.select().from(enrolments).where(eq(enrolments.userId, account!.id))).toHaveLength(0);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toMatch(/Temporary password: \S{12,}/);
    // Saving again links the same account and sends nothing more.
    await call(
      admin,
      'PUT',
      `/api/admin/students/${student.id}/apprenticeship`,
      record({ employerContact: { email: email.toUpperCase() } }),
    );
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(1);
  });

  it('links an existing account by email without emailing it', async () => {
    const student = await t.createUser();
    const boss = await t.createUser({ firstName: 'Existing', lastName: 'Boss' });
    const res = await call(
      admin,
      'PUT',
      `/api/admin/students/${student.id}/apprenticeship`,
      record({ employerContact: { email: boss.email } }),
    );
    expect(res.json().employerContact).toEqual({ id: boss.id, name: 'Existing Boss', email: boss.email });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, boss.email))).toHaveLength(
      0,
    );
  });

  it('refuses the apprentice or an admin as their own employer contact', async () => {
    const student = await t.createUser();
    const self = await call(
      admin,
      'PUT',
      `/api/admin/students/${student.id}/apprenticeship`,
      record({ employerContact: { email: student.email } }),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('The employer contact must be someone other than the apprentice');
    const tutor = await call(
      admin,
      'PUT',
      `/api/admin/students/${student.id}/apprenticeship`,
      record({ employerContact: { email: adminUser.email } }),
    );
    expect(tutor.statusCode).toBe(400);
  });
});
