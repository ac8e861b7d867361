import type { AuthzCase } from '#server/test/authz.ts';
import { staffGet } from '#server/test/authz-fixtures.ts';

/** The backup endpoint answers `npm run backup` on this machine (token from DATA_DIR), never a browser session. */
export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/internal/backup',
    expect: {
      anonymous: 403,
      student: 403,
      otherStudent: 403,
      teamManager: 403,
      admin: 403,
      ...staffGet(403),
    },
    note: 'loopback plus the token the process wrote under DATA_DIR; no session, not even an admin, is enough',
  },
];
