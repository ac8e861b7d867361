import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { courses, modules, quizQuestions, quizzes, storedObjects, topics } from '#server/db/schema/index.ts';
import { badRequest, HttpError, payloadTooLarge } from '#server/lib/http.error.ts';
import type { FileType } from '#shared/constants.ts';
import { CONTENT_TYPES_BY_TYPE, MAX_BYTES_BY_TYPE, type UploadRequest } from '#shared/schemas/media.ts';
import { DiskObjectStore } from './disk.store.ts';
import { checkContent, extensionFor, normaliseContentType, SNIFF_BYTES } from './file-types.util.ts';
import { mp4DurationSeconds } from './mp4-duration.util.ts';
import {
  isObjectKey,
  newObjectKey,
  type ObjectStore,
  objectPathFor,
  UPLOAD_URL_TTL_MS,
} from './object.store.ts';

/** What the media functions need; a Fastify instance is one (its objectStore comes from src/server/deps.ts). */
export interface MediaDeps {
  db: Db;
  objectStore: ObjectStore;
}

export type StoredObjectRow = typeof storedObjects.$inferSelect;

/**
 * The object key behind anything a client may send for a file: our `/objects/<key>` path, an absolute URL to
 * it, or the upload URL we issued (disk or S3). Null when it names no object of ours.
 */
export function objectKeyFrom(value: string | null | undefined): string | null {
  if (!value) return null;
  let pathname = value.trim();
  try {
    pathname = new URL(pathname, 'http://local.invalid').pathname;
  } catch {
    return null;
  }
  pathname = decodeURIComponent(pathname);
  // The key's own shape (file type and UUID) is checked by isObjectKey below.
  const match = /(?:^\/objects\/|^\/api\/objects\/upload\/|\/)([a-z]+\/[0-9a-f-]{36})$/.exec(pathname);
  const key = match?.[1];
  return key && isObjectKey(key) ? key : null;
}

/** `/objects/<key>` for any accepted reference (see objectKeyFrom), else null. */
export function normaliseObjectPath(value: string | null | undefined): string | null {
  const key = objectKeyFrom(value);
  return key ? objectPathFor(key) : null;
}

/** POST /api/objects/upload: a pending row and a signed, 15-minute upload URL for one new key. */
export async function createUpload(
  deps: MediaDeps,
  userId: string,
  request: UploadRequest,
): Promise<{ uploadURL: string; objectPath: string; headers?: Record<string, string> }> {
  const fileType = request.fileType;
  const maxBytes = MAX_BYTES_BY_TYPE[fileType];
  if (request.size !== undefined && request.size > maxBytes) {
    throw payloadTooLarge(`File size too large. Maximum size is ${Math.round(maxBytes / 1024 / 1024)}MB`);
  }
  const contentType = normaliseContentType(request.contentType);
  if (contentType && !CONTENT_TYPES_BY_TYPE[fileType].includes(contentType)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `This file is not an allowed ${fileType} type`);
  }
  const store = deps.objectStore;
  const key = newObjectKey(fileType);
  await deps.db.insert(storedObjects).values({
    key,
    fileType,
    contentType: contentType ?? null,
    originalName: request.fileName ? cleanFileName(request.fileName) : null,
    uploadedBy: userId,
  });
  const target = await store.createUploadURL({
    key,
    fileType,
    maxBytes,
    expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_MS),
    contentType,
    size: request.size,
  });
  return {
    uploadURL: target.url,
    objectPath: objectPathFor(key),
    ...(target.headers && Object.keys(target.headers).length ? { headers: target.headers } : {}),
  };
}

/**
 * POST /api/objects/complete: makes sure the bytes arrived. On disk the signed PUT already checked them; with
 * S3 the browser wrote straight to the bucket, so the size (HEAD) and magic bytes (ranged GET) are checked
 * here, and a bad object is deleted.
 */
export async function completeUpload(deps: MediaDeps, objectPath: string): Promise<StoredObjectRow> {
  const key = objectKeyFrom(objectPath);
  const [row] = key ? await deps.db.select().from(storedObjects).where(eq(storedObjects.key, key)) : [];
  if (!row || !key) throw badRequest('Unknown file', 'UNKNOWN_OBJECT');
  if (row.status === 'uploaded') return row;
  const store = deps.objectStore;
  const info = await store.stat(key);
  if (!info) throw badRequest('The file has not been uploaded yet', 'UPLOAD_MISSING');
  const refuse = async (error: HttpError) => {
    await store.delete(key);
    throw error;
  };
  if (info.size === 0) await refuse(badRequest('The file is empty', 'EMPTY_FILE'));
  if (info.size > MAX_BYTES_BY_TYPE[row.fileType]) await refuse(payloadTooLarge('The file is too large'));
  const checked = checkContent(
    row.fileType,
    await store.readStart(key, SNIFF_BYTES),
    row.contentType ?? undefined,
  );
  if ('error' in checked) await refuse(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', checked.error));
  const contentType = 'contentType' in checked ? checked.contentType : null;
  const [updated] = await deps.db
    .update(storedObjects)
    .set({ status: 'uploaded', size: info.size, contentType })
    .where(eq(storedObjects.id, row.id))
    .returning();
  return updated!;
}

/**
 * For callers that cannot be sure the browser confirmed its upload (POST /api/objects/complete): with S3, a
 * pending object that is in the bucket is checked and marked uploaded now. Call it before attachObject, outside
 * any transaction (it talks to the bucket). On disk the signed PUT already did this; nothing to do.
 */
export async function ensureUploaded(deps: MediaDeps, objectPath: string): Promise<void> {
  const key = objectKeyFrom(objectPath);
  if (!key) return;
  const [row] = await deps.db.select().from(storedObjects).where(eq(storedObjects.key, key));
  if (!row || row.status === 'uploaded') return;
  const store = deps.objectStore;
  if (store.kind === 's3' && (await store.stat(key))) await completeUpload(deps, objectPath);
}

/** A stored MP4/QuickTime video's length in seconds from its header; null for other files or on any error. */
export async function probeVideoDuration(deps: MediaDeps, objectPath: string): Promise<number | null> {
  const key = objectKeyFrom(objectPath);
  if (!key) return null;
  const [row] = await deps.db.select().from(storedObjects).where(eq(storedObjects.key, key));
  if (!row?.size || !['video/mp4', 'video/quicktime'].includes(row.contentType ?? '')) return null;
  const store = deps.objectStore;
  return mp4DurationSeconds((start, length) => store.readRange(key, start, length), row.size).catch(
    () => null,
  );
}

/**
 * Claims an uploaded object for one owner (a topic, a course image, an avatar, a quiz question):
 * it must have come through this upload flow, with this file type, be fully uploaded and not owned yet.
 * Pass `uploadedBy` to also require that this user uploaded it (e.g. avatars). Use inside the owner's
 * transaction so a rollback leaves the object unattached (and swept after 24 hours).
 */
export async function attachObject(
  db: Queryable,
  objectPath: string,
  expected: FileType | readonly FileType[],
  options: { uploadedBy?: string } = {},
): Promise<StoredObjectRow> {
  const types: readonly FileType[] = typeof expected === 'string' ? [expected] : expected;
  const key = objectKeyFrom(objectPath);
  if (!key) throw badRequest('This file was not uploaded through TradeSkills', 'UNKNOWN_OBJECT');
  const [attached] = await db
    .update(storedObjects)
    .set({ attachedAt: new Date() })
    .where(
      and(
        eq(storedObjects.key, key),
        inArray(storedObjects.fileType, [...types]),
        eq(storedObjects.status, 'uploaded'),
        isNull(storedObjects.attachedAt),
        options.uploadedBy ? eq(storedObjects.uploadedBy, options.uploadedBy) : undefined,
      ),
    )
    .returning();
  if (attached) return attached;
  const [row] = await db.select().from(storedObjects).where(eq(storedObjects.key, key));
  if (!row) throw badRequest('This file was not uploaded through TradeSkills', 'UNKNOWN_OBJECT');
  if (!types.includes(row.fileType))
    throw badRequest(
      `This file was uploaded as ${row.fileType}, not ${types.join(' or ')}`,
      'WRONG_FILE_TYPE',
    );
  if (row.status !== 'uploaded') throw badRequest('The file has not finished uploading', 'UPLOAD_INCOMPLETE');
  if (row.attachedAt) throw badRequest('This file is already in use', 'OBJECT_IN_USE');
  throw badRequest('This file was uploaded by someone else', 'NOT_UPLOADER');
}

/** The stored form of an image path a content form sent (a course image, a quiz question's); null clears it. */
export function imagePath(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null || value === '') return value === undefined ? undefined : null;
  const path = normaliseObjectPath(value);
  if (!path) throw badRequest('This file was not uploaded through TradeSkills');
  return path;
}

/** Claims a freshly uploaded image for the content that points at it, inside that content's transaction. */
export async function attachImage(tx: Queryable, path: string | null | undefined): Promise<void> {
  if (path) await attachObject(tx, path, 'image');
}

/**
 * Deletes an object and its row (a topic, course image, quiz image or avatar was replaced or deleted).
 * Call it after the owner's change is committed. Anything that is not one of our paths is ignored.
 */
export async function releaseObject(deps: MediaDeps, objectPath: string | null | undefined): Promise<void> {
  await releaseObjects(deps, [objectPath]);
}

/** releaseObject for many paths at once (cascaded deletes of a course or module). */
export async function releaseObjects(
  deps: MediaDeps,
  objectPaths: (string | null | undefined)[],
): Promise<void> {
  const keys = [...new Set(objectPaths.map(objectKeyFrom).filter((k): k is string => k !== null))];
  if (!keys.length) return;
  const deleted = await deps.db
    .delete(storedObjects)
    .where(inArray(storedObjects.key, keys))
    .returning({ key: storedObjects.key });
  await deleteFromStore(
    deps,
    deleted.map((d) => d.key),
  );
}

async function deleteFromStore(deps: MediaDeps, keys: string[]) {
  if (!keys.length) return;
  const store = deps.objectStore;
  for (const key of keys) await store.delete(key);
}

export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Removes objects nobody attached within 24 hours. The rows go first (in one statement, skipping rows another
 * process holds), so an attach racing with the sweep either wins or finds no row; the bytes go after.
 */
export async function sweepUnattached(deps: MediaDeps, olderThanMs = UNATTACHED_TTL_MS, batch = 100) {
  const cutoff = new Date(Date.now() - olderThanMs);
  const candidates = deps.db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .where(and(isNull(storedObjects.attachedAt), lt(storedObjects.createdAt, cutoff)))
    .limit(batch)
    .for('update', { skipLocked: true });
  const deleted = await deps.db
    .delete(storedObjects)
    .where(and(inArray(storedObjects.id, candidates), isNull(storedObjects.attachedAt)))
    .returning({ key: storedObjects.key });
  await deleteFromStore(
    deps,
    deleted.map((d) => d.key),
  );
  const store = deps.objectStore;
  if (store instanceof DiskObjectStore) await store.sweepTemp(60 * 60 * 1000);
  return deleted.length;
}

/** A file name safe in any header or file system: letters, digits, spaces, dots, dashes, underscores. */
export function cleanFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, 120);
  return base || 'file';
}

/** Content-Disposition for a stored object: inline for viewing, with a clean name and extension. */
export function contentDisposition(
  kind: 'inline' | 'attachment',
  name: string,
  contentType: string | null,
): string {
  const ext = extensionFor(contentType);
  const stem = cleanFileName(name.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
  const file = `${stem}${ext}`;
  return `${kind}; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/** Uploaded objects for the admin media library, newest first. */
export async function listObjects(db: Queryable, limit = 200) {
  return db.select().from(storedObjects).orderBy(sql`${storedObjects.createdAt} DESC`).limit(limit);
}

/**
 * Every media path owned by a course, a module or a topic and what they contain (course images, topic videos
 * and presentations, quiz question images). Read them before a cascading delete, then releaseObjects() them
 * once the delete is committed.
 */
export async function mediaPathsOf(
  db: Queryable,
  owner: { courseId: string } | { moduleId: string } | { topicId: string },
): Promise<string[]> {
  const paths: (string | null)[] = [];
  if ('courseId' in owner) {
    const [course] = await db
      .select({ header: courses.headerImagePath, featured: courses.featuredImagePath })
      .from(courses)
      .where(eq(courses.id, owner.courseId));
    paths.push(course?.header ?? null, course?.featured ?? null);
  }
  const topicFilter =
    'courseId' in owner
      ? eq(modules.courseId, owner.courseId)
      : 'moduleId' in owner
        ? eq(topics.moduleId, owner.moduleId)
        : eq(topics.id, owner.topicId);
  const topicRows = await db
    .select({
      id: topics.id,
      video: topics.videoPath,
      presentation: topics.presentationPath,
      captions: topics.captionsPath,
    })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(topicFilter);
  for (const t of topicRows) paths.push(t.video, t.presentation, t.captions);
  if (topicRows.length) {
    const images = await db
      .select({ image: quizQuestions.imagePath })
      .from(quizQuestions)
      .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
      .where(
        inArray(
          quizzes.topicId,
          topicRows.map((t) => t.id),
        ),
      );
    for (const q of images) paths.push(q.image);
  }
  return paths.filter((p): p is string => objectKeyFrom(p) !== null);
}
