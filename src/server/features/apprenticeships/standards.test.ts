import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apprenticeships, auditLog, courseInstructors } from '#server/db/schema/index.ts';
import { createCourse, createModule, createTopic, enrol } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { signedInStaff } from '#server/test/staff.ts';
import {
  callerFor,
  daysAgo,
  daysAhead,
  fixtureStandardRecord,
  otjEntryBody,
  seedApprenticeship,
  seedEntry,
  seedReview,
} from './apprenticeships.fixtures.ts';

// Standards and KSBs, the plan, KSB evidence, sign-off and gateway readiness (docs/apprenticeships.md).

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' }));
});
afterAll(async () => {
  await t.close();
});
const call = callerFor(() => t.app);
type Ksb = { id: string; code: string; kind: string; detail: string };

async function importStandard(values: Record<string, unknown> = {}, minimumOtjHours?: number) {
  const res = await call(admin, 'POST', '/api/admin/standards', fixtureStandardRecord(values));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { id: string; referenceNumber: string; version: string; ksbs: Ksb[] };
  if (minimumOtjHours) {
    expect(
      (await call(admin, 'PUT', `/api/admin/standards/${body.id}`, { minimumOtjHours })).statusCode,
    ).toBe(200);
  }
  return body;
}

const plan = (values: Record<string, unknown> = {}) => ({
  startDate: daysAgo(200),
  endDate: daysAhead(400),
  weeklyContractedHours: 37.5,
  ...values,
});

describe('importing a standard', () => {
  it('answers 201 with K, S and B codes in list order; a bad record is a 400 naming the field', async () => {
    const standard = await importStandard();
    expect(standard.ksbs.map((k) => `${k.code}:${k.kind}:${k.detail}`)).toEqual([
      'K1:knowledge:Fixture knowledge 1',
      'K2:knowledge:Fixture knowledge 2',
      'S1:skill:Fixture skill 1',
      'S2:skill:Fixture skill 2',
      'B1:behaviour:Fixture behaviour 1',
    ]);
    const { referenceNumber: _r, ...noReference } = fixtureStandardRecord();
    const missing = await call(admin, 'POST', '/api/admin/standards', noReference);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^referenceNumber/);
    const badItem = fixtureStandardRecord({ skills: [{ skillId: 'x' }] });
    const item = await call(admin, 'POST', '/api/admin/standards', badItem);
    expect(item.statusCode).toBe(400);
    expect(item.json().message).toMatch(/^skills\.0\.detail/);
    const badVersion = await call(
      admin,
      'POST',
      '/api/admin/standards',
      fixtureStandardRecord({ version: 'one' }),
    );
    expect(badVersion.json().message).toMatch(/^version/);
    const empty = fixtureStandardRecord({ knowledges: [], skills: [], behaviours: [] });
    expect((await call(admin, 'POST', '/api/admin/standards', empty)).json().code).toBe('STANDARD_NO_KSBS');
    const student = await t.login(await t.createUser());
    expect((await call(student, 'POST', '/api/admin/standards', fixtureStandardRecord())).statusCode).toBe(
      403,
    );
    expect(
      (await call(admin, 'PUT', `/api/admin/standards/${standard.id}`, { minimumOtjHours: 186 })).statusCode,
    ).toBe(400);
  });

  it('imports a version once, even ten at the same moment', async () => {
    const record = fixtureStandardRecord();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(admin, 'POST', '/api/admin/standards', record)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('STANDARD_EXISTS');
  });

  it('a new version leaves existing apprentices on theirs', async () => {
    const v1 = await importStandard({ referenceNumber: 'ST9801', version: '1.0' });
    const apprentice = await t.createUser();
    const saved = await call(
      admin,
      'PUT',
      `/api/admin/students/${apprentice.id}/apprenticeship`,
      plan({ standardId: v1.id }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const v2 = await importStandard({
      referenceNumber: 'ST9801',
      version: '1.1',
      title: 'Fixture standard v1.1',
    });
    expect(v2.id).not.toBe(v1.id);
    const [row] = await t.db
      .select()
      .from(apprenticeships)
      .where(eq(apprenticeships.studentId, apprentice.id));
    expect(row!.standardId).toBe(v1.id);
    const record = await call(admin, 'GET', `/api/admin/students/${apprentice.id}/apprenticeship`);
    expect(record.json().standardRef).toMatchObject({ referenceNumber: 'ST9801', version: '1.0' });
  });
});

describe('the plan', () => {
  it('defaults to the minimum less prior learning, refuses less, and checks the ILR codes', async () => {
    const standard = await importStandard({}, 400);
    const apprentice = await t.createUser();
    const url = `/api/admin/students/${apprentice.id}/apprenticeship`;
    const reduced = {
      standardId: standard.id,
      priorLearningReductionHours: 50,
      priorLearningReason: 'Level 2 diploma',
    };
    const saved = await call(admin, 'PUT', url, plan(reduced));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      plannedOtjHours: 350,
      planFloorHours: 350,
      priorLearningReductionHours: 50,
    });
    const below = await call(admin, 'PUT', url, plan({ ...reduced, plannedOtjHours: 349 }));
    expect(below.statusCode).toBe(400);
    expect(below.json().code).toBe('OTJ_BELOW_MINIMUM');
    expect(
      (await call(admin, 'PUT', url, plan({ ...reduced, plannedOtjHours: 360 }))).json().plannedOtjHours,
    ).toBe(360);
    const noReason = await call(
      admin,
      'PUT',
      url,
      plan({ standardId: standard.id, priorLearningReductionHours: 20 }),
    );
    expect(noReason.json().message).toBe('Give the reason for the prior-learning reduction');
    // Never under the 187 floor, whatever the reduction.
    const deep = await call(admin, 'PUT', url, plan({ ...reduced, priorLearningReductionHours: 300 }));
    expect(deep.json().plannedOtjHours).toBe(187);
    for (const [field, value] of [
      ['uln', '1004014317'],
      ['uln', '123'],
      ['sex', 'X'],
      ['ethnicity', 30],
      ['ethnicity', 99],
      ['postcode', 'NOT A CODE'],
    ] as const) {
      const res = await call(admin, 'PUT', url, plan({ ...reduced, [field]: value }));
      expect(res.statusCode, `${field}=${value}`).toBe(400);
    }
    const ilr = await call(
      admin,
      'PUT',
      url,
      plan({
        ...reduced,
        uln: '1004014316',
        sex: 'F',
        ethnicity: 31,
        postcode: 'm11aa',
        dateOfBirth: '2004-05-06',
      }),
    );
    expect(ilr.json()).toMatchObject({ uln: '1004014316', sex: 'F', ethnicity: 31, postcode: 'M1 1AA' });
  });

  it('an empty employer contact email saves with no contact (README "Apprenticeships")', async () => {
    const apprentice = await t.createUser();
    const res = await call(
      admin,
      'PUT',
      `/api/admin/students/${apprentice.id}/apprenticeship`,
      plan({
        standard: 'Free text standard',
        plannedOtjHours: 200,
        standardMinimumHours: null,
        employerContact: { email: '', firstName: '', lastName: '' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().employerContact).toBeNull();
  });
});

describe('KSB evidence, sign-off and gateway readiness', () => {
  it('tags entries, the tutor confirms or rejects tags, topics evidence KSBs, the tutor signs off, both sign gateway', async () => {
    const standard = await importStandard({}, 187);
    const code = (c: string) => standard.ksbs.find((k) => k.code === c)!.id;
    const other = await importStandard();
    const tutor = await signedInStaff(t, 'tutor');
    const otherTutor = await signedInStaff(t, 'tutor');
    const employer = await t.createUser({ firstName: 'Eve', lastName: 'Employer' });
    const employerCookie = await t.login(employer);
    const apprenticeUser = await t.createUser({ firstName: 'Aisha', lastName: 'Khan' });
    const apprentice = await t.login(apprenticeUser);
    await seedApprenticeship(t.db, apprenticeUser.id, {
      standardId: standard.id,
      plannedOtjHours: 187,
      tutorUserId: tutor.id,
      employerContactId: employer.id,
    });

    // The apprentice tags an entry with K1 and S1; a KSB of another standard is refused.
    const wrong = await call(apprentice, 'POST', '/api/otj', otjEntryBody({ ksbIds: [other.ksbs[0]!.id] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('KSB_NOT_IN_STANDARD');
    const logged = await call(
      apprentice,
      'POST',
      '/api/otj',
      otjEntryBody({ ksbIds: [code('K1'), code('S1')] }),
    );
    expect(logged.statusCode, logged.body).toBe(201);
    const entryId = logged.json().id as string;
    expect(
      (await call(apprentice, 'GET', '/api/otj')).json().entries[0].ksbs.map((k: Ksb) => k.code),
    ).toEqual(['K1', 'S1']);

    // The tutor approves, rejecting the S1 tag: K1 is evidenced, S1 is not.
    const approved = await call(tutor.cookie, 'POST', `/api/admin/otj/${entryId}/approve`, {
      rejectedKsbIds: [code('S1')],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().ksbs).toEqual([
      { id: code('K1'), code: 'K1', status: 'confirmed' },
      { id: code('S1'), code: 'S1', status: 'rejected' },
    ]);
    const gatewayUrl = `/api/admin/students/${apprenticeUser.id}/gateway`;
    let gateway = (await call(tutor.cookie, 'GET', gatewayUrl)).json();
    expect(gateway.ksbs.slice(0, 3)).toEqual([
      { code: 'K1', status: 'evidenced', evidenceCount: 1 },
      { code: 'K2', status: 'not_started', evidenceCount: 0 },
      { code: 'S1', status: 'not_started', evidenceCount: 0 },
    ]);

    // An instructor maps a topic of their course to K2 and S1; completing it evidences both, marked automatic.
    const instructor = await signedInStaff(t, 'instructor');
    const course = await createCourse(t.db);
    const mod = await createModule(t.db, course.id, 1);
    const topic = await createTopic(t.db, mod.id, 1);
    await enrol(t.db, apprenticeUser.id, course.id);
    const mapUrl = `/api/admin/topics/${topic.id}/ksbs`;
    expect((await call(instructor.cookie, 'PUT', mapUrl, { ksbIds: [code('K2')] })).statusCode).toBe(403);
    await t.db.insert(courseInstructors).values({ courseId: course.id, userId: instructor.id });
    const mapped = await call(instructor.cookie, 'PUT', mapUrl, { ksbIds: [code('K2'), code('S1')] });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await call(apprentice, 'POST', `/api/topics/${topic.id}/open`)).statusCode).toBe(200);
    gateway = (await call(apprentice, 'GET', '/api/apprenticeship/gateway')).json();
    const s1 = gateway.matrix.find((k: Ksb) => k.code === 'S1');
    expect(s1).toMatchObject({ status: 'evidenced', evidenceCount: 1 });
    expect(s1.evidence[0]).toMatchObject({ kind: 'topic', state: 'automatic' });

    // Sign-off: the caseload's tutor only, once, and only with evidence.
    const signUrl = (c: string) => `/api/admin/students/${apprenticeUser.id}/ksbs/${code(c)}/sign-off`;
    expect((await call(otherTutor.cookie, 'POST', signUrl('K1'))).statusCode).toBe(403);
    expect((await call(apprentice, 'POST', signUrl('K1'))).statusCode).toBe(403);
    expect((await call(tutor.cookie, 'POST', signUrl('S2'))).json().code).toBe('KSB_NOT_EVIDENCED');
    const once = await Promise.all(
      Array.from({ length: 10 }, () => call(tutor.cookie, 'POST', signUrl('K1'))),
    );
    expect(once.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ksb.sign_off'));
    expect(audit.filter((a) => a.entityId === apprenticeUser.id)).toHaveLength(1);

    // Evidence and sign-off for the rest, then hours and reviews: ready.
    for (const c of ['S2', 'B1']) {
      const entry = await seedEntry(t.db, apprenticeUser.id, { status: 'approved' });
      await t.db.execute(
        `INSERT INTO otj_entry_ksbs (entry_id, ksb_id, status) VALUES ('${entry.id}', '${code(c)}', 'confirmed')`,
      );
    }
    for (const c of ['K2', 'S1', 'S2', 'B1'])
      expect((await call(tutor.cookie, 'POST', signUrl(c))).statusCode).toBe(200);
    gateway = (await call(employerCookie, 'GET', '/api/employer/apprentices')).json()[0];
    expect(gateway.checks).toMatchObject({ ksbs: true, hours: false, qualifications: true });
    expect(gateway.ready).toBe(false);
    expect(
      (
        await call(employerCookie, 'POST', `/api/employer/apprentices/${apprenticeUser.id}/gateway/sign`)
      ).json().code,
    ).toBe('GATEWAY_NOT_READY');
    for (let d = 10; d < 19; d++)
      await seedEntry(t.db, apprenticeUser.id, { status: 'approved', seconds: 86_400, date: daysAgo(d) });
    for (const d of [150, 70, 5]) await seedReview(t.db, apprenticeUser.id, { reviewDate: daysAgo(d) });
    gateway = (await call(apprentice, 'GET', '/api/apprenticeship/gateway')).json();
    expect(gateway).toMatchObject({
      ready: true,
      hours: { planned: 187 },
      reviews: { last: daysAgo(5), overdue: false },
    });
    expect(gateway.hours.approved).toBeGreaterThanOrEqual(187);

    // The employer contact and the tutor each sign once; nobody else signs as employer.
    expect(
      (await call(apprentice, 'POST', `/api/employer/apprentices/${apprenticeUser.id}/gateway/sign`))
        .statusCode,
    ).toBe(403);
    const signs = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(employerCookie, 'POST', `/api/employer/apprentices/${apprenticeUser.id}/gateway/sign`),
      ),
    );
    expect(signs.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const tutorSigned = await call(
      tutor.cookie,
      'POST',
      `${gatewayUrl.replace('/gateway', '')}/gateway/sign`,
    );
    expect(
      tutorSigned
        .json()
        .signatures.map((s: { role: string }) => s.role)
        .sort(),
    ).toEqual(['employer', 'tutor']);
    const list = (await call(tutor.cookie, 'GET', '/api/admin/gateway')).json();
    expect(list[0].studentId).toBe(apprenticeUser.id);
  });
});
