import { eq } from 'drizzle-orm';
import { otjEntries } from '#server/db/schema/index.ts';
import type { MediaAccessRule } from '#server/features/media/index.ts';
import { accountPrincipal, can } from '#server/lib/access.policy.ts';
import { qualificationOwner } from './qualifications.service.ts';
import { tutorOf } from './record.service.ts';

/**
 * An OTJ evidence file, or a qualification's certificate, is the apprentice's record, readable by the apprentice,
 * their tutor and admins only (never public like other attached images), whoever uploaded it. Null when the
 * object is not evidence, so the media rules decide (media's MediaAccessRule).
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
  const principal = accountPrincipal(user);
  if (can(principal, 'owned:read', { ownerId })) return 'allowed';
  const tutorUserId = await tutorOf(db, ownerId);
  return can(principal, 'apprenticeship:tutor', { tutorUserId }) ? 'allowed' : 'forbidden';
};
