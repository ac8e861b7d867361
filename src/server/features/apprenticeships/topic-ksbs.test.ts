import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseInstructors, topicKsbEvidence } from '#server/db/schema/index.ts';
import { createCourse, createModule, createTopic, enrol } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { callerFor, fixtureStandardRecord, seedApprenticeship } from './apprenticeships.fixtures.ts';

// Topics mapped to KSBs (docs/apprenticeships.md "Evidence and KSBs"): completing a topic evidences its KSBs for
// apprentices on the standard, automatically, once per topic and KSB; mapping a topic someone already completed
// evidences it for them too. The content editor's "KSBs" dialog saves through PUT /api/admin/topics/:id/ksbs.

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});
const call = callerFor(() => t.app);
type Ksb = { id: string; code: string };
type Row = Ksb & {
  status: string;
  evidenceCount: number;
  evidence: { kind: string; label: string; state: string }[];
};

async function importStandard() {
  const res = await call(admin, 'POST', '/api/admin/standards', fixtureStandardRecord());
  expect(res.statusCode, res.body).toBe(201);
  const standard = res.json() as { id: string; ksbs: Ksb[] };
  return { ...standard, code: (c: string) => standard.ksbs.find((k) => k.code === c)!.id };
}

/** A learner enrolled in the course, on `standardId` (or no apprenticeship at all with null). */
async function learner(courseId: string, standardId: string | null) {
  const user = await t.createUser();
  await enrol(t.db, user.id, courseId);
  if (standardId) await seedApprenticeship(t.db, user.id, { standardId });
  return { user, cookie: await t.login(user) };
}

async function matrix(cookie: string): Promise<Row[]> {
  const res = await call(cookie, 'GET', '/api/apprenticeship/gateway');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().matrix;
}
const statuses = (rows: Row[]) => rows.map((k) => `${k.code}:${k.status}:${k.evidenceCount}`);

describe('topics mapped to KSBs', () => {
  it('completing a mapped topic evidences its KSBs for apprentices on that standard, automatically and once', async () => {
    const standard = await importStandard();
    const other = await importStandard();
    const course = await createCourse(t.db);
    const mod = await createModule(t.db, course.id, 1);
    const mapped = await createTopic(t.db, mod.id, 1);
    const later = await createTopic(t.db, mod.id, 2);
    const apprentice = await learner(course.id, standard.id);
    const onOther = await learner(course.id, other.id);
    const student = await learner(course.id, null);

    const url = `/api/admin/topics/${mapped.id}/ksbs`;
    expect((await call(admin, 'GET', url)).json()).toEqual({ ksbIds: [] });
    const ksbIds = [standard.code('K1'), standard.code('S2'), other.code('B1')];
    const saved = await call(admin, 'PUT', url, { ksbIds: [...ksbIds, standard.code('K1')] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().ksbIds.sort()).toEqual([...ksbIds].sort());
    expect((await call(admin, 'GET', url)).json().ksbIds.sort()).toEqual([...ksbIds].sort());

    // Completing it (a topic with nothing to watch completes when opened) evidences K1 and S2, marked automatic.
    for (const who of [apprentice, onOther, student])
      expect((await call(who.cookie, 'POST', `/api/topics/${mapped.id}/open`)).statusCode).toBe(200);
    let rows = await matrix(apprentice.cookie);
    expect(statuses(rows)).toEqual([
      'K1:evidenced:1',
      'K2:not_started:0',
      'S1:not_started:0',
      'S2:evidenced:1',
      'B1:not_started:0',
    ]);
    expect(rows[0]!.evidence).toEqual([
      expect.objectContaining({ kind: 'topic', label: mapped.title, state: 'automatic' }),
    ]);
    // The apprentice on the other standard gets only that standard's KSB.
    expect(statuses(await matrix(onOther.cookie))).toContain('B1:evidenced:1');
    expect(statuses(await matrix(onOther.cookie)).filter((s) => s.includes(':evidenced:'))).toHaveLength(1);

    // A topic completed before it was mapped: saving the mapping evidences it; saving again adds nothing.
    expect((await call(apprentice.cookie, 'POST', `/api/topics/${later.id}/open`)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await call(admin, 'PUT', `/api/admin/topics/${later.id}/ksbs`, {
        ksbIds: [standard.code('K1'), standard.code('K2')],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await call(admin, 'PUT', url, { ksbIds })).statusCode).toBe(200);
    rows = await matrix(apprentice.cookie);
    expect(statuses(rows).slice(0, 2)).toEqual(['K1:evidenced:2', 'K2:evidenced:1']);
    const evidence = await t.db
      .select()
      .from(topicKsbEvidence)
      .where(eq(topicKsbEvidence.ksbId, standard.code('K1')));
    expect(evidence.map((e) => e.topicId).sort()).toEqual([mapped.id, later.id].sort());
  });

  it('ten saves at once leave one of them, whole; each is audited', async () => {
    const standard = await importStandard();
    const course = await createCourse(t.db);
    const topic = await createTopic(t.db, (await createModule(t.db, course.id, 1)).id, 1);
    const url = `/api/admin/topics/${topic.id}/ksbs`;
    const sets = standard.ksbs.map((_, i) => standard.ksbs.slice(0, i + 1).map((k) => k.id));
    const all = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(admin, 'PUT', url, { ksbIds: sets[i % sets.length] })),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const final = ((await call(admin, 'GET', url)).json().ksbIds as string[]).sort();
    expect(sets.map((s) => [...s].sort())).toContainEqual(final);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, topic.id));
    expect(audits.filter((a) => a.action === 'topic.ksbs')).toHaveLength(10);
  });

  it('refuses bad input, other courses’ instructors and students', async () => {
    const standard = await importStandard();
    const course = await createCourse(t.db);
    const topic = await createTopic(t.db, (await createModule(t.db, course.id, 1)).id, 1);
    const url = `/api/admin/topics/${topic.id}/ksbs`;
    const unknown = await call(admin, 'PUT', url, { ksbIds: [crypto.randomUUID()] });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'KSB_NOT_FOUND']);
    for (const body of [{ ksbIds: ['K1'] }, {}, { ksbIds: standard.code('K1') }, { ksbIds: [], extra: 1 }]) {
      const res = await call(admin, 'PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const missing = await call(admin, 'PUT', `/api/admin/topics/${crypto.randomUUID()}/ksbs`, { ksbIds: [] });
    expect(missing.statusCode).toBe(404);
    expect((await call(null, 'PUT', url, { ksbIds: [] })).statusCode).toBe(401);
    const student = await learner(course.id, standard.id);
    expect((await call(student.cookie, 'PUT', url, { ksbIds: [] })).statusCode).toBe(403);

    // An instructor maps their own course's topics only.
    const instructor = await signedInStaff(t, 'instructor');
    expect((await call(instructor.cookie, 'GET', url)).statusCode).toBe(403);
    await t.db.insert(courseInstructors).values({ courseId: course.id, userId: instructor.id });
    const ok = await call(instructor.cookie, 'PUT', url, { ksbIds: [standard.code('B1')] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call(instructor.cookie, 'GET', url)).json()).toEqual({ ksbIds: [standard.code('B1')] });
  });
});
