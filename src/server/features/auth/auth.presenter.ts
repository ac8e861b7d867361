import type { users } from '#server/db/schema/index.ts';
import type { Role } from '#server/lib/access.policy.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';

type UserRow = typeof users.$inferSelect;

/** The signed-in user as the client sees it: never the hash or internal flags. */
export function presentCurrentUser(
  user: UserRow,
  roles: readonly Role[],
  session: { temporaryPasswordConfirmed?: boolean } = {},
): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    mustChangePassword: user.mustChangePassword,
    ...(user.mustChangePassword ? { temporaryPasswordConfirmed: !!session.temporaryPasswordConfirmed } : {}),
    roles: [...roles],
    isTeamManager: roles.includes('teamManager'),
  };
}
