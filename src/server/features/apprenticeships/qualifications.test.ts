import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, storedObjects } from '#server/db/schema/index.ts';
import { objectKeyFrom } from '#server/features/media/index.ts';
import { fakePdf } from '#server/test/fixtures/media.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { callerFor, seedApprenticeship, uploadFile } from './apprenticeships.fixtures.ts';

// Mandatory qualifications on the apprentice's plan (docs/apprenticeships.md "Gateway readiness"): the tutor
// records each with the date achieved and its certificate; gateway readiness passes once every one has both.

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
type Qualification = { id: string; title: string; achievedOn: string | null; hasEvidence: boolean };

async function apprenticeWithTutor() {
  const tutor = await signedInStaff(t, 'tutor');
  const user = await t.createUser();
  await seedApprenticeship(t.db, user.id, { tutorUserId: tutor.id });
  return { tutor, user, cookie: await t.login(user), base: `/api/admin/students/${user.id}/qualifications` };
}

async function gateway(cookie: string, studentId: string) {
  const res = await call(cookie, 'GET', `/api/admin/students/${studentId}/gateway`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { qualifications: Qualification[]; checks: { qualifications: boolean } };
}

describe('mandatory qualifications', () => {
  it('the tutor adds one, then records the date and the certificate: the gateway check passes', async () => {
    const { tutor, user, cookie, base } = await apprenticeWithTutor();
    const other = await apprenticeWithTutor();
    expect((await gateway(tutor.cookie, user.id)).checks.qualifications).toBe(true);

    const added = await call(tutor.cookie, 'POST', base, { title: '  Level 2 functional skills maths ' });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as string;
    let g = await gateway(tutor.cookie, user.id);
    expect(g.qualifications).toEqual([
      { id, title: 'Level 2 functional skills maths', achievedOn: null, hasEvidence: false },
    ]);
    expect(g.checks.qualifications).toBe(false);

    // The date alone is not enough; the certificate (uploaded by the tutor) completes it.
    expect(
      (await call(tutor.cookie, 'PUT', `${base}/${id}`, { title: 'L2 maths', achievedOn: '2026-01-12' }))
        .statusCode,
    ).toBe(200);
    expect((await gateway(tutor.cookie, user.id)).checks.qualifications).toBe(false);
    const pdf = await uploadFile(t.app, tutor.cookie, 'document', 'application/pdf', fakePdf());
    expect(pdf.status).toBe(200);
    const withFile = await call(tutor.cookie, 'PUT', `${base}/${id}`, {
      title: 'L2 maths',
      achievedOn: '2026-01-12',
      evidencePath: pdf.objectPath,
    });
    expect(withFile.statusCode, withFile.body).toBe(200);
    g = await gateway(tutor.cookie, user.id);
    expect(g.qualifications).toEqual([
      { id, title: 'L2 maths', achievedOn: '2026-01-12', hasEvidence: true },
    ]);
    expect(g.checks.qualifications).toBe(true);

    // Saving again without the path keeps the certificate; the same path again is no second claim.
    for (const body of [
      { title: 'L2 maths', achievedOn: '2026-01-12' },
      { title: 'L2 maths', achievedOn: '2026-01-12', evidencePath: pdf.objectPath },
    ])
      expect((await call(tutor.cookie, 'PUT', `${base}/${id}`, body)).statusCode).toBe(200);
    expect((await gateway(tutor.cookie, user.id)).qualifications[0]!.hasEvidence).toBe(true);
    // The certificate is the apprentice's record: the apprentice, their tutor and admins read it; another
    // apprentice, another tutor and a visitor do not. null removes it and deletes the file.
    const otherTutor = await signedInStaff(t, 'tutor');
    expect((await call(cookie, 'GET', pdf.objectPath)).statusCode).toBe(200);
    expect((await call(tutor.cookie, 'GET', pdf.objectPath)).statusCode).toBe(200);
    expect((await call(admin, 'GET', pdf.objectPath)).statusCode).toBe(200);
    expect((await call(other.cookie, 'GET', pdf.objectPath)).statusCode).toBe(403);
    expect((await call(otherTutor.cookie, 'GET', pdf.objectPath)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: pdf.objectPath })).statusCode).toBe(401);
    const cleared = await call(tutor.cookie, 'PUT', `${base}/${id}`, {
      title: 'L2 maths',
      evidencePath: null,
    });
    expect(cleared.statusCode).toBe(200);
    g = await gateway(tutor.cookie, user.id);
    expect(g.qualifications[0]).toMatchObject({ achievedOn: null, hasEvidence: false });
    const key = objectKeyFrom(pdf.objectPath)!;
    expect(await t.db.select().from(storedObjects).where(eq(storedObjects.key, key))).toEqual([]);

    // Removed (recorded by mistake): the check passes again with none on the plan; audited each time.
    expect((await call(tutor.cookie, 'DELETE', `${base}/${id}`)).statusCode).toBe(204);
    expect((await call(tutor.cookie, 'DELETE', `${base}/${id}`)).statusCode).toBe(404);
    expect((await gateway(tutor.cookie, user.id)).qualifications).toEqual([]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audits.map((a) => a.action).filter((a) => a.startsWith('qualification.'))).toEqual([
      'qualification.record',
      'qualification.update',
      'qualification.update',
      'qualification.update',
      'qualification.update',
      'qualification.update',
      'qualification.delete',
    ]);
  });

  it('refuses bad input, another apprentice’s qualification, someone else’s upload and other tutors', async () => {
    const { tutor, user, cookie, base } = await apprenticeWithTutor();
    const other = await apprenticeWithTutor();
    const id = (await call(tutor.cookie, 'POST', base, { title: 'First aid at work' })).json().id as string;
    for (const body of [
      { title: '' },
      { title: 'x', achievedOn: '12/01/2026' },
      { title: 'x', evidencePath: 'https://example.com/cert.pdf' },
      { title: 'x', unknown: true },
    ]) {
      const res = await call(tutor.cookie, 'PUT', `${base}/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    // Not this apprentice's, or no such qualification: 404.
    expect((await call(admin, 'PUT', `${other.base}/${id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${other.base}/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `${base}/${crypto.randomUUID()}`, { title: 'x' })).statusCode).toBe(404);
    // A file the apprentice uploaded is theirs to attach, not the tutor's.
    const theirs = await uploadFile(t.app, cookie, 'document', 'application/pdf', fakePdf());
    const stolen = await call(tutor.cookie, 'PUT', `${base}/${id}`, {
      title: 'x',
      evidencePath: theirs.objectPath,
    });
    expect([stolen.statusCode, stolen.json().code]).toEqual([400, 'NOT_UPLOADER']);
    // Only the apprentice's tutor (and admins); not another tutor, nor the apprentice.
    for (const who of [other.tutor.cookie, cookie]) {
      expect((await call(who, 'PUT', `${base}/${id}`, { title: 'x' })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `${base}/${id}`)).statusCode).toBe(403);
    }
    expect((await call(null, 'DELETE', `${base}/${id}`)).statusCode).toBe(401);
    expect((await gateway(admin, user.id)).qualifications.map((q) => q.title)).toEqual(['First aid at work']);
  });

  it('two edits at once both land in turn; two deletes at once remove it once', async () => {
    const { tutor, base } = await apprenticeWithTutor();
    const id = (await call(tutor.cookie, 'POST', base, { title: 'CSCS card' })).json().id as string;
    const edits = await Promise.all(
      ['A', 'B'].map((v) => call(tutor.cookie, 'PUT', `${base}/${id}`, { title: `CSCS card ${v}` })),
    );
    expect(edits.map((r) => r.statusCode)).toEqual([200, 200]);
    const deletes = await Promise.all([1, 2].map(() => call(tutor.cookie, 'DELETE', `${base}/${id}`)));
    expect(deletes.map((r) => r.statusCode).sort()).toEqual([204, 404]);
  });
});
