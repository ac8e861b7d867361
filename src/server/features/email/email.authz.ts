import type { AuthzCase } from '#server/test/authz.ts';
import { adminOnly } from '#server/test/authz-fixtures.ts';

export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/admin/mailbox', expect: adminOnly(200), note: 'every email sent: admins only' },
];
