import type { AuthzCase } from '#server/test/authz.ts';
import { emailFor, everyone, ownerOnly, signedIn } from '#server/test/authz-fixtures.ts';

export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/password-reset/request',
    prepare: (_w, actor) => ({ body: { email: emailFor(actor, 'reset') } }),
    expect: everyone(200),
    note: "public: 'Forgot password?' always answers the same",
  },
  {
    method: 'POST',
    url: '/api/password-reset/confirm',
    prepare: () => ({ body: { token: 'not-a-real-token', newPassword: 'AnotherPassword123!' } }),
    expect: everyone(400),
    note: 'public; only a valid emailed token works',
  },
  { method: 'GET', url: '/api/user/profile', expect: signedIn(200), note: 'own profile' },
  {
    method: 'PUT',
    url: '/api/user/profile',
    prepare: () => ({ body: { phoneNumber: '+44 7700 900123' } }),
    expect: signedIn(200),
    note: 'own profile',
  },
  { method: 'GET', url: '/api/user/sessions', expect: signedIn(200), note: 'own devices' },
  {
    method: 'DELETE',
    url: '/api/user/sessions/:id',
    prepare: async (world) => ({ params: { id: (await world.newSession('student')).sessionId! } }),
    expect: ownerOnly([200, 204], 404, 404),
    note: "another user's device session is not found, the admin's included",
  },
  {
    method: 'POST',
    url: '/api/user/sessions/revoke-others',
    expect: signedIn(200),
    note: "own devices only (the caller's session stays)",
  },
];
