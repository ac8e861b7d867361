import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import type { StaffRole } from '#shared/constants.ts';
import type { UserRow } from './sessions.service.ts';

// The account lookups several features make (ARCHITECTURE.md 'Feature boundaries'): Drizzle only, no rules. It
// lives in lib/ rather than in accounts/ because auth, below accounts, looks people up by email too.

/** One account by id (undefined for an unknown id). */
export async function userById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** One account by email, whatever its case (the address is compared lowercased, as stored addresses may not be). */
export async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** What the access policy needs of other people (their account roles) and whether they may still sign in. */
export type AccountStanding = Pick<UserRow, 'id' | 'role' | 'staffRoles' | 'isActive'>;

/** The standing of each of `ids` that exists (the caller checks what is missing). */
export function accountsStanding(db: Queryable, ids: readonly string[]): Promise<AccountStanding[]> {
  return db
    .select({ id: users.id, role: users.role, staffRoles: users.staffRoles, isActive: users.isActive })
    .from(users)
    .where(inArray(users.id, [...ids]));
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
