import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import type { StaffRole } from '#shared/constants.ts';
import type { UserRow } from './sessions.service.ts';

// The account lookups several features make (ARCHITECTURE.md 'Feature boundaries'): Drizzle only, no rules. It
// lives in lib/ because features on every level (apprenticeships, refunds, and auth below accounts) need them.

/** One account by id (undefined for an unknown id). */
export async function userById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Active accounts that hold `role` or are admins (admins do every staff role's work): who is told of a request. */
export function activeStaffWith(
  db: Queryable,
  role: StaffRole,
): Promise<Pick<UserRow, 'id' | 'email' | 'firstName'>[]> {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(eq(users.isActive, true), sql`(${users.role} = 'admin' or ${role} = any(${users.staffRoles}))`),
    );
}
