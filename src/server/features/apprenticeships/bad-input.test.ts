import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  callerFor,
  daysAgo,
  daysAhead,
  otjEntryBody,
  seedApprenticeship,
  seedEntry,
} from './apprenticeships.fixtures.ts';

// Bad input the outside review sent: text with a NUL answers 400 naming the field (the shared text() type, see
// src/server/test/text-fields.test.ts), and a date that fails its format never reaches date arithmetic.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the apprenticeship fields the outside review found', () => {
  const call = callerFor(() => t.app);
  const invalidText = (field: string) => ({
    message: `${field}: must not contain NUL characters or unpaired surrogates`,
    code: 'INVALID_TEXT',
  });

  it('a NUL in an OTJ description or a rejection reason is a 400 naming the field, not a 500', async () => {
    const apprentice = await t.createUser();
    await seedApprenticeship(t.db, apprentice.id);
    const student = await t.login(apprentice);
    const description = 'Installed a radiator valve\u0000 and bled the system';
    const logged = await call(student, 'POST', '/api/otj', otjEntryBody({ description }));
    expect(logged.statusCode).toBe(400);
    expect(logged.json()).toEqual(invalidText('description'));

    const admin = await t.login(await t.createUser({ role: 'admin' }));
    const entry = await seedEntry(t.db, apprentice.id);
    const rejected = await call(admin, 'POST', `/api/admin/otj/${entry.id}/reject`, { reason: 'No\u0000pe' });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toEqual(invalidText('reason'));
  });

  it('a date that fails its format never reaches date arithmetic: 400, not 500', async () => {
    const admin = await t.login(await t.createUser({ role: 'admin' }));
    const student = await t.createUser();
    const record = {
      standard: 'Plumbing and Domestic Heating Technician',
      startDate: daysAgo(200),
      endDate: daysAhead(400),
      weeklyContractedHours: 37.5,
      plannedOtjHours: 400,
    };
    const url = `/api/admin/students/${student.id}/apprenticeship`;
    for (const dates of [
      { startDate: 'x' },
      { endDate: 'x' },
      { startDate: '2026-02-30' },
      { startDate: 'x', endDate: 'y' },
      { startDate: '\u0000' },
    ]) {
      const res = await call(admin, 'PUT', url, { ...record, ...dates });
      expect(res.statusCode, JSON.stringify(dates)).toBe(400);
      expect(['VALIDATION_FAILED', 'INVALID_TEXT']).toContain(res.json().code);
    }
    expect((await call(admin, 'PUT', url, { ...record, startDate: 'x' })).json()).toEqual({
      message: 'Enter the start date',
      code: 'VALIDATION_FAILED',
    });
    expect((await call(admin, 'PUT', url, record)).statusCode).toBe(200);
  });
});
