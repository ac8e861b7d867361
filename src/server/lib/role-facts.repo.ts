import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { enrolments, teamOrders } from '#server/db/schema/index.ts';
import { type AccountRoles, type Role, type RoleFacts, rolesOf } from './access.policy.ts';

/**
 * The facts the access policy derives roles from: manages at least one live team order, and (for managers
 * only) has any enrolment. Two indexed lookups at most.
 */
export async function roleFacts(db: Queryable, userId: string): Promise<RoleFacts> {
  const managed = await db
    .select({ id: teamOrders.id })
    .from(teamOrders)
    .where(and(eq(teamOrders.managerUserId, userId), ne(teamOrders.status, 'canceled')))
    .limit(1);
  if (managed.length === 0) return { managesTeams: false };
  const enrolled = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(eq(enrolments.userId, userId))
    .limit(1);
  return { managesTeams: true, enrolled: enrolled.length > 0 };
}

/** Every role a user holds (for GET /api/user and the sign-in answers). */
export async function rolesFor(db: Queryable, user: { id: string } & AccountRoles): Promise<Role[]> {
  // Staff accounts are never team managers or students (staff roles are never derived from purchases).
  if (user.role !== 'student') return rolesOf(user, { managesTeams: false });
  return rolesOf(user, await roleFacts(db, user.id));
}
