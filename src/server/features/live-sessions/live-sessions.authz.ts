import type { AuthzCase } from '#server/test/authz.ts';
import { signedIn } from '#server/test/authz-fixtures.ts';

export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/sessions/upcoming',
    expect: signedIn(200),
    note: "only the caller's courses and the sessions they attend",
  },
];
