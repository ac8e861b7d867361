import type { AuthzCase } from '#server/test/authz.ts';
import { emailFor, everyone, signedIn } from '#server/test/authz-fixtures.ts';

export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/login',
    prepare: (_w, actor) => ({ body: { email: emailFor(actor, 'login'), password: 'wrong-password' } }),
    expect: everyone(401),
    note: 'public; wrong credentials are refused for everyone',
  },
  { method: 'GET', url: '/api/login', expect: everyone(302), note: 'redirects to the login page' },
  {
    method: 'POST',
    url: '/api/logout',
    prepare: async (world, actor) => ({ cookie: (await world.newSession(actor)).cookie }),
    expect: everyone(200),
    note: 'harmless signed out; ends only the session it is sent with',
  },
  { method: 'GET', url: '/api/user', expect: signedIn(200) },
  {
    method: 'POST',
    url: '/api/user/password',
    prepare: () => ({ body: { currentPassword: 'not-the-password', newPassword: 'AnotherPassword123!' } }),
    expect: signedIn(400),
    note: 'own account only; the wrong current password is refused',
  },
];
