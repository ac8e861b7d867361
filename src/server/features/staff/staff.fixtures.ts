import type { TestContext } from '#server/test/harness.ts';
import type { StaffRole } from '#shared/constants.ts';

/** A signed-in staff member holding `roles` (made in the database, as an accepted invitation would). */
export async function signedInStaff(t: TestContext, ...roles: StaffRole[]) {
  const user = await t.createUser({
    role: roles.includes('admin') ? 'admin' : 'staff',
    staffRoles: roles.filter((r): r is Exclude<StaffRole, 'admin'> => r !== 'admin'),
    firstName: roles.join('-') || 'former',
  });
  return { ...user, cookie: await t.login(user) };
}
