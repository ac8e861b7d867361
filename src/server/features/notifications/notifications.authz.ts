import type { AuthzCase } from '#server/test/authz.ts';
import { everyone, signedIn } from '#server/test/authz-fixtures.ts';

export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/notifications', expect: signedIn(200), note: "the caller's own bell" },
  {
    method: 'POST',
    url: '/api/notifications/read',
    prepare: () => ({ body: { ids: [crypto.randomUUID()] } }),
    expect: signedIn(200),
    note: "only the caller's own notifications change",
  },
  { method: 'GET', url: '/api/user/notification-preferences', expect: signedIn(200) },
  {
    method: 'PUT',
    url: '/api/user/notification-preferences',
    prepare: () => ({ body: { email: { inactivity: true } } }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/notifications/unsubscribe',
    prepare: () => ({ query: 'token=unknown' }),
    expect: everyone(404),
    note: 'no sign-in: the single-use token is the authority (RFC 8058 one-click)',
  },
];
