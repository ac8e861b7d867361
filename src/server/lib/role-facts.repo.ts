import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { enrolments, teamOrders } from '#server/db/schema/index.ts';
import { type AccountRoles, type Role, type RoleFacts, rolesOf } from './access.policy.ts';

// GET /api/user asks these on every page load of a signed-in student, so they are prepared once per database
// handle: the query is not built again each time, and PostgreSQL parses and plans it once per connection.
function statementsFor(db: Queryable) {
  return {
    managed: db
      .select({ id: teamOrders.id })
      .from(teamOrders)
      .where(and(eq(teamOrders.managerUserId, sql.placeholder('userId')), ne(teamOrders.status, 'canceled')))
      .limit(1)
      .prepare('role_facts_managed'),
    enrolled: db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(eq(enrolments.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare('role_facts_enrolled'),
  };
}
const prepared = new WeakMap<Queryable, ReturnType<typeof statementsFor>>();

/**
 * The facts the access policy derives roles from: manages at least one live team order, and (for managers
 * only) has any enrolment. Two indexed lookups at most.
 */
export async function roleFacts(db: Queryable, userId: string): Promise<RoleFacts> {
  let statements = prepared.get(db);
  if (!statements) {
    statements = statementsFor(db);
    prepared.set(db, statements);
  }
  const managed = await statements.managed.execute({ userId });
  if (managed.length === 0) return { managesTeams: false };
  const enrolled = await statements.enrolled.execute({ userId });
  return { managesTeams: true, enrolled: enrolled.length > 0 };
}

/** Every role a user holds (for GET /api/user and the sign-in answers). */
export async function rolesFor(db: Queryable, user: { id: string } & AccountRoles): Promise<Role[]> {
  // Staff accounts are never team managers or students (staff roles are never derived from purchases).
  if (user.role !== 'student') return rolesOf(user, { managesTeams: false });
  return rolesOf(user, await roleFacts(db, user.id));
}
