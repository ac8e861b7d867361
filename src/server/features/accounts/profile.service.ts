import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import {
  attachObject,
  type MediaDeps,
  normaliseObjectPath,
  releaseObject,
} from '#server/features/media/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { type UserRow, userChanged } from '#server/lib/sessions.service.ts';
import type { UpdateProfileInput } from '#shared/schemas/accounts.ts';

/**
 * Saves the fields that were sent; a blank phone number clears it. A new avatar must be an image this user
 * uploaded through the media flow and not yet in use; the one it replaces (or a removed one) is deleted.
 */
export async function updateProfile(
  deps: MediaDeps & { database: Database },
  caller: Principal,
  input: UpdateProfileInput,
): Promise<UserRow> {
  const { row, previousAvatar } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.firstName !== undefined) changes.firstName = input.firstName;
    if (input.lastName !== undefined) changes.lastName = input.lastName;
    if (input.phoneNumber !== undefined) changes.phoneNumber = input.phoneNumber || null;
    if (input.profileImageUrl === null) {
      changes.profileImageUrl = null;
    } else if (input.profileImageUrl !== undefined) {
      const wanted = normaliseObjectPath(input.profileImageUrl);
      // The picture already in place needs no claiming; anything else (not ours at all included) does.
      if (!wanted || wanted !== current!.profileImageUrl) {
        await attachObject(tx, input.profileImageUrl, 'image', { uploadedBy: caller.id });
        changes.profileImageUrl = wanted;
      }
    }
    const [updated] = await tx.update(users).set(changes).where(eq(users.id, caller.id)).returning();
    return { row: updated!, previousAvatar: current!.profileImageUrl };
  });
  await userChanged(deps.database, caller.id);
  // Only after the commit: a rolled-back change must not lose the picture still in use.
  if (previousAvatar && previousAvatar !== row.profileImageUrl) await releaseObject(deps, previousAvatar);
  return row;
}
