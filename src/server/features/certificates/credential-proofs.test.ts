import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createModule, createTopic, enrol } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import type { Certificate } from '#shared/schemas/certificates.ts';

// POST /api/credentials/verify says "verified" only when every proof on the credential verifies: a genuine proof
// does not vouch for a forged one beside it, whatever kind the forged one claims to be.
let t: TestContext;
// biome-ignore lint/suspicious/noExplicitAny: a credential is free-form JSON-LD, edited field by field here
let credential: Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  const course = await createCourse(t.db, 'Proof Course');
  const mod = await createModule(t.db, course.id, 1, 'Only module');
  const topic = await createTopic(t.db, mod.id, 1);
  const learner = await t.createUser();
  await enrol(t.db, learner.id, course.id);
  const cookie = await t.login(learner);
  // A topic with no video and no quiz completes when opened: the course is complete, a certificate issued.
  await t.app.inject({ method: 'POST', url: `/api/topics/${topic.id}/open`, headers: { cookie } });
  const [cert] = (
    await t.app.inject({ url: '/api/certificates', headers: { cookie } })
  ).json() as Certificate[];
  credential = (await t.app.inject({ url: `/api/certificates/${cert!.code}/credential` })).json();
});
afterAll(async () => {
  await t.close();
});

const verify = async (body: unknown) =>
  (await t.app.inject({ method: 'POST', url: '/api/credentials/verify', payload: body as object })).json();

describe('credential verification with several proofs', () => {
  it('verifies the credential as issued, with its one proof alone or in a list', async () => {
    expect(await verify(credential)).toEqual({ verified: true, errors: [] });
    expect(await verify({ ...credential, proof: [credential.proof] })).toEqual({
      verified: true,
      errors: [],
    });
  });

  it('does not verify one good proof beside a forged one of the same kind', async () => {
    const forged = { ...credential.proof, proofValue: `z${'1'.repeat(86)}` };
    const res = await verify({ ...credential, proof: [credential.proof, forged] });
    expect(res.verified).toBe(false);
    expect(res.errors.length).toBeGreaterThan(0);
    const reversed = await verify({ ...credential, proof: [forged, credential.proof] });
    expect(reversed.verified).toBe(false);
  });

  it('does not verify one good proof beside one of a kind it cannot check', async () => {
    const other = {
      type: 'Ed25519Signature2020',
      created: '2026-01-01T00:00:00Z',
      verificationMethod: 'https://evil.example/key#1',
      proofPurpose: 'assertionMethod',
      proofValue: 'zForged',
    };
    const res = await verify({ ...credential, proof: [credential.proof, other] });
    expect(res).toEqual({ verified: false, errors: ['A proof is not of a kind this provider signs'] });
  });
});
