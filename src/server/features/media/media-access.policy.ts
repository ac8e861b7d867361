import { and, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courses, enrolments, modules, topics } from '#server/db/schema/index.ts';
import { type AccountRoles, accountPrincipal, can } from '#server/lib/access.policy.ts';
import type { StoredObjectRow } from './media.service.ts';
import { objectPathFor } from './object.store.ts';

// Who may read a stored object (docs/product.md#uploads-and-media), and the topic facts that decide it.

export type MediaAccess = 'public' | 'allowed' | 'unauthorized' | 'forbidden';

/**
 * Another feature's say over images and documents that are its records (OTJ evidence and qualification
 * certificates: the apprentice, their tutor and admins), asked before the media rules below; null when the object
 * is not one of its records. The composition
 * root (src/server/deps.ts) hands the list to the media routes, so media imports no feature for it.
 */
export type MediaAccessRule = (
  db: Queryable,
  objectPath: string,
  user: ({ id: string } & AccountRoles) | null,
) => Promise<Exclude<MediaAccess, 'public'> | null>;

/**
 * Who may read an object. Images (course images, avatars, quiz images) are public once attached. Videos, their
 * captions and presentations: admins, and students enrolled in the course of a topic that uses the object. Documents (PDF
 * evidence) and anything unattached: its uploader and admins only.
 */
export async function mediaAccess(
  db: Queryable,
  row: StoredObjectRow,
  user: ({ id: string; mustChangePassword?: boolean } & AccountRoles) | null,
  rules: readonly MediaAccessRule[],
): Promise<MediaAccess> {
  // An image or document that another feature records as its own (OTJ evidence, a qualification's certificate)
  // is read as that feature says; otherwise an attached image is public.
  if (row.fileType === 'image' || row.fileType === 'document') {
    for (const rule of rules) {
      const ruled = await rule(db, objectPathFor(row.key), user);
      if (ruled) return ruled;
    }
    if (row.fileType === 'image' && row.attachedAt) return 'public';
  }
  if (
    (row.fileType === 'video' || row.fileType === 'captions') &&
    row.attachedAt &&
    (await isPreviewVideo(db, objectPathFor(row.key)))
  )
    return 'public';
  if (!user) return 'unauthorized';
  if (can(accountPrincipal(user), 'owned:read', { ownerId: row.uploadedBy })) return 'allowed';
  if (user.mustChangePassword || row.fileType === 'image' || row.fileType === 'document') return 'forbidden';
  const objectPath = objectPathFor(row.key);
  const [enrolled] = await db
    .select({ id: enrolments.id })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .innerJoin(enrolments, and(eq(enrolments.courseId, modules.courseId), eq(enrolments.userId, user.id)))
    .where(
      or(
        eq(topics.videoPath, objectPath),
        eq(topics.presentationPath, objectPath),
        eq(topics.captionsPath, objectPath),
      ),
    )
    .limit(1);
  return enrolled ? 'allowed' : 'forbidden';
}

/**
 * Preview Course (docs/product.md#public-site) plays the first topic's video of an active course to anyone, so visitors can
 * see what they would buy (with its captions); every other lesson stays behind enrolment.
 */
async function isPreviewVideo(db: Queryable, objectPath: string): Promise<boolean> {
  const rows = await db.execute<{ ok: number }>(sql`
    SELECT 1 AS ok
    FROM ${topics} t
    JOIN ${modules} m ON m.id = t.module_id
    JOIN ${courses} c ON c.id = m.course_id
    WHERE (t.video_path = ${objectPath} OR t.captions_path = ${objectPath}) AND c.is_active
      AND t.id = (
        SELECT t2.id FROM ${topics} t2 JOIN ${modules} m2 ON m2.id = t2.module_id
        WHERE m2.course_id = c.id ORDER BY m2."order", t2."order" LIMIT 1
      )
    LIMIT 1`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return list.length > 0;
}

/** The title of the topic a presentation belongs to, for its download name. */
export async function presentationTitle(db: Queryable, key: string): Promise<string | null> {
  const [row] = await db
    .select({ title: topics.title })
    .from(topics)
    .where(eq(topics.presentationPath, objectPathFor(key)))
    .limit(1);
  return row?.title ?? null;
}
