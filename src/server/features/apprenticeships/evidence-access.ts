import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { otjEntries } from '#server/db/schema/index.ts';
import { type AccountRoles, accountPrincipal, can } from '#server/lib/access-policy.ts';

/**
 * An OTJ evidence file is the apprentice's record, readable by the apprentice and admins only (never public like
 * other attached images). Null when the object is not evidence, so the media rules decide.
 */
export async function otjEvidenceAccess(
  db: Queryable,
  objectPath: string,
  user: ({ id: string } & AccountRoles) | null,
): Promise<'allowed' | 'unauthorized' | 'forbidden' | null> {
  const [entry] = await db
    .select({ studentId: otjEntries.studentId })
    .from(otjEntries)
    .where(eq(otjEntries.evidencePath, objectPath))
    .limit(1);
  if (!entry) return null;
  if (!user) return 'unauthorized';
  return can(accountPrincipal(user), 'owned:read', { ownerId: entry.studentId }) ? 'allowed' : 'forbidden';
}
