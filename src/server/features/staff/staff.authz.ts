import type { AuthzCase } from '#server/test/authz.ts';
import { adminOnly, everyone } from '#server/test/authz-fixtures.ts';

// Staff management (docs/staff.md): admins only; accepting an invitation is signed out, by its token.
export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/admin/staff/invitations',
    prepare: () => ({ body: {} }),
    expect: adminOnly(400),
  },
  { method: 'GET', url: '/api/admin/staff', expect: adminOnly(200) },
  {
    method: 'PUT',
    url: '/api/admin/staff/:userId',
    prepare: () => ({ body: {} }),
    expect: adminOnly(404),
    note: 'admin only; an unknown staff member is not found',
  },
  {
    method: 'POST',
    url: '/api/staff/accept',
    prepare: () => ({ body: { token: 'unknown-token', password: 'A-long-enough-password-1' } }),
    expect: everyone(404),
    note: 'public: the token is the credential; an unknown one is not found',
  },
];
