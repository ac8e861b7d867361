import { eq } from 'drizzle-orm';
import { otjEntries } from '#server/db/schema/index.ts';
import type { MediaAccessRule } from '#server/features/media/index.ts';
import { accountPrincipal, can } from '#server/lib/access-policy.ts';
import { qualificationOwner } from './qualifications.service.ts';

/**
 * An OTJ evidence file, or a qualification's certificate, is the apprentice's record, readable by the apprentice
 * and admins only (never public like other attached images). Null when the object is not evidence, so the media
 * rules decide (media's MediaAccessRule).
 */
export const otjEvidenceAccess: MediaAccessRule = async (db, objectPath, user) => {
  const [entry] = await db
    .select({ studentId: otjEntries.studentId })
    .from(otjEntries)
    .where(eq(otjEntries.evidencePath, objectPath))
    .limit(1);
  const ownerId = entry?.studentId ?? (await qualificationOwner(db, objectPath));
  if (!ownerId) return null;
  if (!user) return 'unauthorized';
  return can(accountPrincipal(user), 'owned:read', { ownerId }) ? 'allowed' : 'forbidden';
};
