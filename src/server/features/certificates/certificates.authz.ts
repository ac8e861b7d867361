import { certificates, courses } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import {
  adminOnly as adminOnlyAs,
  everyone as everyoneGets,
  signedIn as signedInAs,
  staffGet,
} from '#server/test/authz-fixtures.ts';
import { newCertificateCode } from './issue.service.ts';

/** A live certificate of `world.users.student` for a fresh course. */
async function studentCertificate(world: AuthzWorld) {
  const [course] = await world.database.db
    .insert(courses)
    .values({ title: 'Authz course', description: 'For the authorization matrix' })
    .returning();
  const [row] = await world.database.db
    .insert(certificates)
    .values({
      code: newCertificateCode(),
      userId: world.users.student.id,
      courseId: course!.id,
      holderName: 'Authz Student',
      courseTitle: course!.title,
      learningMinutes: 60,
      completedAt: new Date(),
    })
    .returning();
  return row!;
}

const signedIn = signedInAs(200);
const everyone = everyoneGets(200);
const adminOnly = adminOnlyAs(200);

export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/certificates', expect: signedIn, note: "the caller's own certificates" },
  {
    method: 'GET',
    url: '/api/certificates/:id/pdf',
    prepare: async (world) => ({ params: { id: (await studentCertificate(world)).id } }),
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 403,
      teamManager: 403,
      admin: 200,
      ...staffGet(403),
    },
    note: 'holder and admins only',
  },
  {
    method: 'GET',
    url: '/api/certificates/:code/credential',
    prepare: async (world) => ({ params: { code: (await studentCertificate(world)).code } }),
    expect: everyone,
    note: 'public: the 144-bit code is the secret, shared by the holder',
  },
  { method: 'GET', url: '/api/issuer', expect: everyone, note: 'public issuer profile and key' },
  {
    method: 'POST',
    url: '/api/credentials/verify',
    prepare: () => ({ body: { id: 'urn:uuid:0', issuer: 'https://elsewhere.example' } }),
    expect: everyone,
    note: 'public verifier; changes nothing',
  },
  {
    method: 'GET',
    url: '/certificates/:code',
    prepare: async (world) => ({ params: { code: (await studentCertificate(world)).code } }),
    expect: everyone,
    note: 'public verification page',
  },
  { method: 'GET', url: '/api/admin/certificates', expect: adminOnly },
  {
    method: 'POST',
    url: '/api/admin/certificates/:id/revoke',
    prepare: async (world) => ({
      params: { id: (await studentCertificate(world)).id },
      body: { reason: 'Authorization matrix' },
    }),
    expect: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/admin/certificates/:id/reissue',
    prepare: async (world) => ({ params: { id: (await studentCertificate(world)).id } }),
    expect: { ...adminOnly, admin: 201 },
  },
];
