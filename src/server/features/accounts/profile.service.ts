import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/features/auth/sessions.service.ts';
import type { UpdateProfileInput } from '#shared/schemas/accounts.ts';

/** Saves the fields that were sent; a blank phone number clears it. */
export async function updateProfile(db: Db, user: UserRow, input: UpdateProfileInput): Promise<UserRow> {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phoneNumber !== undefined) changes.phoneNumber = input.phoneNumber || null;
  const [row] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return row!;
}
