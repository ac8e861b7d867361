import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, emailOutbox, modules, topicProgress } from '#server/db/schema/index.ts';
import { createCourse, createModule, createTopic, enrol } from '#server/test/factories.ts';
import { createQuiz } from '#server/test/fixtures/learning-course.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import type { Certificate } from '#shared/schemas/certificates.ts';
import { offlineDocumentLoader } from './document-loader.util.ts';
import { issueCertificateIfCourseComplete } from './issue.service.ts';

let t: TestContext;
let student: TestUser;
let otherStudent: TestUser;
let admin: TestUser;
const cookies: Record<'student' | 'other' | 'admin', string> = { student: '', other: '', admin: '' };
type Who = keyof typeof cookies | 'anonymous';
let course: Awaited<ReturnType<typeof buildSmallCourse>>;

/** One module of 2 h 30 min with two quiz topics: passing both quizzes completes the course. */
async function buildSmallCourse(title: string) {
  const c = await createCourse(t.db, title);
  const mod = await createModule(t.db, c.id, 1, 'Safe isolation');
  await t.db.update(modules).set({ duration: 150 }).where(eq(modules.id, mod.id));
  const t1 = await createTopic(t.db, mod.id, 1);
  const t2 = await createTopic(t.db, mod.id, 2);
  const quiz1 = await createQuiz(t.db, t1.id, 1);
  const quiz2 = await createQuiz(t.db, t2.id, 1);
  return { course: c, t1, t2, quiz1, quiz2 };
}

function call(who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who === 'anonymous' ? {} : { cookie: cookies[who] },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function pass(who: Who, topicId: string, quiz: { questions: { id: string; correct: string }[] }) {
  return call(who, 'POST', `/api/topics/${topicId}/quiz/attempts`, {
    answers: quiz.questions.map((q) => ({ questionId: q.id, answerId: q.correct })),
  });
}

async function ownCertificates(who: Who): Promise<Certificate[]> {
  const res = await call(who, 'GET', '/api/certificates');
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  student = await t.createUser({ firstName: 'Siân', lastName: "O'Brien" });
  otherStudent = await t.createUser({ firstName: 'Olly', lastName: 'Other' });
  admin = await t.createUser({ role: 'admin', firstName: 'Ada' });
  course = await buildSmallCourse('Safe Isolation Procedures');
  await enrol(t.db, student.id, course.course.id);
  await enrol(t.db, otherStudent.id, course.course.id);
  cookies.student = await t.login(student);
  cookies.other = await t.login(otherStudent);
  cookies.admin = await t.login(admin);
});
afterAll(async () => {
  await t.close();
});

describe('issue on completion', () => {
  it('issues nothing until every topic is complete', async () => {
    expect((await pass('student', course.t1.id, course.quiz1)).statusCode).toBe(201);
    expect(await ownCertificates('student')).toEqual([]);
  });

  it('issues exactly one certificate when final attempts race, and emails it once', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => pass('student', course.t2.id, course.quiz2)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const rows = await t.db.select().from(certificates).where(eq(certificates.userId, student.id));
    expect(rows).toHaveLength(1);
    const emails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, student.email), eq(emailOutbox.kind, 'certificate_issued')));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain(`/certificates/${rows[0]!.code}`);

    const [cert] = await ownCertificates('student');
    expect(cert).toMatchObject({
      courseId: course.course.id,
      courseTitle: 'Safe Isolation Procedures',
      holderName: "Siân O'Brien",
      cpdHours: 2.5,
      status: 'valid',
      verifyUrl: `${t.config.publicUrl}/certificates/${rows[0]!.code}`,
    });
    // 144 random bits, URL-safe.
    expect(cert!.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(cert!.linkedInUrl).toContain('startTask=CERTIFICATION_NAME');
    expect(new URL(cert!.linkedInUrl).searchParams.get('certUrl')).toBe(cert!.verifyUrl);
    // Passing again later issues nothing more.
    expect((await pass('student', course.t2.id, course.quiz2)).statusCode).toBe(201);
    expect(await ownCertificates('student')).toHaveLength(1);
  });
});

describe('issue under concurrency', () => {
  it('issues exactly one (not zero, not two) when the last two topics complete in parallel transactions', async () => {
    const mod = await t.db.select().from(modules).where(eq(modules.courseId, course.course.id));
    for (let round = 0; round < 4; round++) {
      const learner = await t.createUser({ firstName: `Parallel${round}` });
      await enrol(t.db, learner.id, course.course.id);
      // Each transaction completes one of the two topics and then asks for the certificate, as the learning
      // service does; neither sees the other's uncommitted completion.
      await Promise.all(
        [course.t1.id, course.t2.id].map((topicId) =>
          t.db.transaction(async (tx) => {
            await tx.insert(topicProgress).values({ userId: learner.id, topicId, completedAt: new Date() });
            await issueCertificateIfCourseComplete(tx, learner.id, mod[0]!.id, t.config.publicUrl);
          }),
        ),
      );
      const rows = await t.db.select().from(certificates).where(eq(certificates.userId, learner.id));
      expect(rows, `round ${round}`).toHaveLength(1);
    }
  });

  it('never issues twice when many transactions ask at once for a completed course', async () => {
    const mod = await t.db.select().from(modules).where(eq(modules.courseId, course.course.id));
    const learner = await t.createUser({ firstName: 'Many' });
    await enrol(t.db, learner.id, course.course.id);
    await t.db.insert(topicProgress).values(
      [course.t1.id, course.t2.id].map((topicId) => ({
        userId: learner.id,
        topicId,
        completedAt: new Date(),
      })),
    );
    await Promise.all(
      Array.from({ length: 8 }, () =>
        t.db.transaction((tx) =>
          issueCertificateIfCourseComplete(tx, learner.id, mod[0]!.id, t.config.publicUrl),
        ),
      ),
    );
    const rows = await t.db.select().from(certificates).where(eq(certificates.userId, learner.id));
    expect(rows).toHaveLength(1);
  });
});

describe('PDF', () => {
  it('gives the holder and admins the PDF, other students 403, unknown ids 404', async () => {
    const [cert] = await ownCertificates('student');
    const own = await call('student', 'GET', `/api/certificates/${cert!.id}/pdf`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(own.rawPayload.toString('latin1')).toContain('DejaVuSans');
    expect((await call('admin', 'GET', `/api/certificates/${cert!.id}/pdf`)).statusCode).toBe(200);
    const other = await call('other', 'GET', `/api/certificates/${cert!.id}/pdf`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('This certificate is not yours');
    expect((await call('anonymous', 'GET', `/api/certificates/${cert!.id}/pdf`)).statusCode).toBe(401);
    const unknown = await call(
      'student',
      'GET',
      '/api/certificates/00000000-0000-4000-8000-000000000000/pdf',
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('public page', () => {
  it('renders the certificate on the server with noindex and no email', async () => {
    const [cert] = await ownCertificates('student');
    const res = await call('anonymous', 'GET', `/certificates/${cert!.code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(res.body).toContain('Siân O&#x27;Brien');
    expect(res.body).toContain('Safe Isolation Procedures');
    expect(res.body).toContain('Valid certificate');
    expect(res.body).toContain('property="og:title"');
    expect(res.body).not.toContain(student.email);
  });

  it('answers 404 for unknown codes', async () => {
    expect((await call('anonymous', 'GET', '/certificates/NoSuchCode123')).statusCode).toBe(404);
    expect((await call('anonymous', 'GET', '/api/certificates/NoSuchCode123/credential')).statusCode).toBe(
      404,
    );
  });
});

describe('Open Badges credential', () => {
  async function credentialOf(code: string) {
    const res = await call('anonymous', 'GET', `/api/certificates/${code}/credential`);
    expect(res.statusCode).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: a credential is free-form JSON-LD, read field by field here
    return res.json() as Record<string, any>;
  }

  /** The standard verifier, given the issuer profile as published at /api/issuer and nothing from the network. */
  async function standardVerify(credential: Record<string, unknown>) {
    const profile = (await call('anonymous', 'GET', '/api/issuer')).json();
    const key = profile.verificationMethod[0];
    const loader = offlineDocumentLoader(
      new Map<string, unknown>([
        [profile.id, profile],
        [key.id, { '@context': 'https://w3id.org/security/multikey/v1', ...key }],
      ]),
    );
    return vc.verifyCredential({
      credential,
      suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
      documentLoader: loader,
    });
  }

  it('is an OB 3.0 / VC 2.0 credential with an eddsa-rdfc-2022 proof the standard library verifies', async () => {
    const [cert] = await ownCertificates('student');
    const credential = await credentialOf(cert!.code);
    expect(credential['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.id).toBe(cert!.verifyUrl);
    expect(credential.issuer.id).toBe(`${t.config.publicUrl}/api/issuer`);
    expect(credential.credentialSubject.achievement).toMatchObject({
      type: ['Achievement'],
      achievementType: 'CertificateOfCompletion',
      name: 'Safe Isolation Procedures',
      creditsAvailable: 2.5,
    });
    expect(credential.credentialSubject.achievement.criteria.narrative).toBeTruthy();
    expect(credential.proof).toMatchObject({
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-rdfc-2022',
      proofPurpose: 'assertionMethod',
      verificationMethod: `${t.config.publicUrl}/api/issuer#key-1`,
    });
    expect(JSON.stringify(credential)).not.toContain(student.email);

    const standard = await standardVerify(credential);
    expect(standard.verified).toBe(true);
    const ours = await call('anonymous', 'POST', '/api/credentials/verify', credential);
    expect(ours.json()).toEqual({ verified: true, errors: [] });
    // The same key signs after a restart: a second app on the same database serves the same credential.
    const second = await t.secondInstance();
    try {
      const again = await second.app.inject({
        method: 'GET',
        url: `/api/certificates/${cert!.code}/credential`,
      });
      expect(again.json()).toEqual(credential);
    } finally {
      await second.close();
    }
  });

  it('is not verified once tampered with', async () => {
    const [cert] = await ownCertificates('student');
    const credential = await credentialOf(cert!.code);
    const tampered = structuredClone(credential);
    tampered.credentialSubject.achievement.creditsAvailable = 40;
    expect((await standardVerify(tampered)).verified).toBe(false);
    const res = await call('anonymous', 'POST', '/api/credentials/verify', tampered);
    expect(res.statusCode).toBe(200);
    expect(res.json().verified).toBe(false);
    expect(res.json().errors.length).toBeGreaterThan(0);

    const foreign = { ...credential, issuer: { id: 'https://evil.example/issuer', type: ['Profile'] } };
    expect((await call('anonymous', 'POST', '/api/credentials/verify', foreign)).json()).toMatchObject({
      verified: false,
      errors: ['The credential was not issued by this provider'],
    });
    // Malformed input is answered, not a 500: a broken context, a proof that is not an object, a non-object body.
    const broken = { ...credential, '@context': ['https://unknown.example/context.json'], proof: 'forged' };
    const brokenRes = await call('anonymous', 'POST', '/api/credentials/verify', broken);
    expect(brokenRes.statusCode).toBe(200);
    expect(brokenRes.json().verified).toBe(false);
    expect((await call('anonymous', 'POST', '/api/credentials/verify', [credential])).statusCode).toBe(400);
    const unproven = { ...credential, proof: undefined };
    expect((await call('anonymous', 'POST', '/api/credentials/verify', unproven)).json().verified).toBe(
      false,
    );
  });
});

describe('a course whose modules state no duration', () => {
  it('claims no CPD hours rather than printing 0, and the credential still verifies', async () => {
    const c = await createCourse(t.db, 'Toolbox Talk');
    const mod = await createModule(t.db, c.id, 1, 'Talk');
    const topic = await createTopic(t.db, mod.id, 1);
    const learner = await t.createUser({ firstName: 'Nia', lastName: 'Hughes' });
    await enrol(t.db, learner.id, c.id);
    const cookie = await t.login(learner);
    // A topic with no video and no quiz completes when opened (a POST: GET only reads).
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/topics/${topic.id}/open`,
      headers: { cookie },
    });
    expect(opened.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/certificates', headers: { cookie } });
    const [cert] = list.json() as Certificate[];
    expect(cert).toMatchObject({ courseTitle: 'Toolbox Talk', cpdHours: 0 });
    const page = await call('anonymous', 'GET', `/certificates/${cert!.code}`);
    expect(page.body).toContain('Not stated');
    const credential = (await call('anonymous', 'GET', `/api/certificates/${cert!.code}/credential`)).json();
    expect(credential.credentialSubject.achievement).not.toHaveProperty('creditsAvailable');
    expect((await call('anonymous', 'POST', '/api/credentials/verify', credential)).json()).toEqual({
      verified: true,
      errors: [],
    });
  });
});

describe('admin revoke and reissue', () => {
  it('only admins revoke; a revoked certificate no longer verifies and its page says so', async () => {
    const [cert] = await ownCertificates('student');
    const credential = (await call('anonymous', 'GET', `/api/certificates/${cert!.code}/credential`)).json();
    const url = `/api/admin/certificates/${cert!.id}/revoke`;
    expect((await call('student', 'POST', url, { reason: 'mine' })).statusCode).toBe(403);
    expect((await call('anonymous', 'POST', url, { reason: 'x' })).statusCode).toBe(401);
    const empty = await call('admin', 'POST', url, { reason: '  ' });
    expect(empty.statusCode).toBe(400);

    const res = await call('admin', 'POST', url, { reason: 'Quiz answers shared' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'revoked', revocationReason: 'Quiz answers shared' });
    const again = await call('admin', 'POST', url, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This certificate is already revoked');

    const verify = (await call('anonymous', 'POST', '/api/credentials/verify', credential)).json();
    expect(verify.verified).toBe(false);
    expect(verify.errors[0]).toMatch(/^The certificate was revoked on \d{4}-\d{2}-\d{2}$/);
    const page = await call('anonymous', 'GET', `/certificates/${cert!.code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Revoked on');
    expect(page.body).not.toContain('Quiz answers shared');
    // The holder no longer downloads it; the student's list marks it revoked and hides the reason.
    expect((await call('student', 'GET', `/api/certificates/${cert!.id}/pdf`)).statusCode).toBe(409);
    const [listed] = await ownCertificates('student');
    expect(listed).toMatchObject({ status: 'revoked' });
    expect(listed).not.toHaveProperty('revocationReason');
  });

  it('reissues with a new code that verifies, revoking the old one; once only', async () => {
    const [old] = await ownCertificates('student');
    const url = `/api/admin/certificates/${old!.id}/reissue`;
    expect((await call('student', 'POST', url)).statusCode).toBe(403);
    const res = await call('admin', 'POST', url);
    expect(res.statusCode).toBe(201);
    const fresh: Certificate = res.json();
    expect(fresh.code).not.toBe(old!.code);
    expect(fresh.status).toBe('valid');
    const credential = (await call('anonymous', 'GET', `/api/certificates/${fresh.code}/credential`)).json();
    expect((await call('anonymous', 'POST', '/api/credentials/verify', credential)).json().verified).toBe(
      true,
    );
    const twice = await call('admin', 'POST', url);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This certificate was already reissued');

    const list = await call('admin', 'GET', `/api/admin/certificates?userId=${student.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: Certificate) => c.status)).toEqual(['valid', 'revoked']);
    expect((await call('student', 'GET', '/api/admin/certificates')).statusCode).toBe(403);

    // The other student completes the course too: their certificate is their own.
    await pass('other', course.t1.id, course.quiz1);
    await pass('other', course.t2.id, course.quiz2);
    const [theirs] = await ownCertificates('other');
    expect(theirs!.holderName).toBe('Olly Other');
    expect((await call('student', 'GET', `/api/certificates/${theirs!.id}/pdf`)).statusCode).toBe(403);
  });
});
