import type { AuthzCase } from '#server/test/authz.ts';
import { adminOnly } from '#server/test/authz-fixtures.ts';

// The audit trail (docs/staff.md#audit-trail): admins only.
export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/admin/audit', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/audit.csv', expect: adminOnly(200) },
];
