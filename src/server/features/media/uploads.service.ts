import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { storedObjects } from '#server/db/schema/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { badRequest, forbidden, HttpError, notFound, tooManyRequests } from '#server/lib/http.error.ts';
import { hit } from '#server/lib/rate-limit.service.ts';
import type { FileType } from '#shared/constants.ts';
import { MAX_BYTES_BY_TYPE, type UploadRequest } from '#shared/schemas/media.ts';
import { DiskObjectStore } from './disk.store.ts';
import { receiveToTemp } from './disk-upload.service.ts';
import { normaliseContentType } from './file-types.util.ts';
import {
  completeUpload,
  createUpload,
  type MediaDeps,
  normaliseObjectPath,
  releaseObject,
  type StoredObjectRow,
} from './media.service.ts';
import { isObjectKey, objectPathFor } from './object.store.ts';

// What the upload routes do with stored_objects rows: find one, confirm a user's own upload, delete an unused
// file, and take the bytes of a signed disk-store PUT (media.routes.ts only validates and presents).

/** Uploads a non-admin may start per hour. */
export const STUDENT_UPLOAD_WINDOW = { limit: 20, windowMs: 60 * 60 * 1000 };

/** What anyone signed in may upload: photos (avatars, evidence) and PDF documents (evidence). */
const OPEN_FILE_TYPES: readonly FileType[] = ['image', 'document'];

/** A signed URL for one file: admins any type; other users images and PDFs only, at most 20 an hour. */
export async function startUpload(deps: MediaDeps, principal: Principal, request: UploadRequest) {
  if (!can(principal, 'upload:anyType')) {
    if (!OPEN_FILE_TYPES.includes(request.fileType))
      throw forbidden('Only admins can upload videos and presentations');
    // Students only change an avatar now and then; this caps what one account can park in storage.
    const count = await hit(deps.db, `upload:${principal.id}`, STUDENT_UPLOAD_WINDOW.windowMs);
    if (count > STUDENT_UPLOAD_WINDOW.limit)
      throw tooManyRequests('Too many uploads. Please try again later.');
  }
  return createUpload(deps, principal.id, request);
}

/** The stored object behind `kind/id`, or null (also for a key we never issue). */
export async function objectByKey(db: Queryable, key: string): Promise<StoredObjectRow | null> {
  if (!isObjectKey(key)) return null;
  const [row] = await db.select().from(storedObjects).where(eq(storedObjects.key, key));
  return row ?? null;
}

/** Confirms an upload finished; only its uploader (or an admin) may, anyone else learns nothing about it. */
export async function completeOwnUpload(
  deps: MediaDeps,
  principal: Principal,
  objectPath: string,
): Promise<StoredObjectRow> {
  const path = normaliseObjectPath(objectPath);
  const row = path ? await objectByKey(deps.db, path.slice('/objects/'.length)) : null;
  if (!row || !can(principal, 'owned:read', { ownerId: row.uploadedBy })) throw badRequest('Unknown file');
  return completeUpload(deps, path!);
}

/** Deletes a file nothing uses (409 while a topic, course or avatar holds it). */
export async function deleteUnusedObject(deps: MediaDeps, key: string): Promise<void> {
  const row = await objectByKey(deps.db, key);
  if (!row) throw notFound('File not found');
  if (row.attachedAt) throw new HttpError(409, 'OBJECT_IN_USE', 'This file is in use and cannot be deleted');
  await releaseObject(deps, objectPathFor(key));
}

export interface SignedPut {
  key: string;
  fileType: FileType;
  max: number;
  expires: number;
  sig: string;
  /** The request's Content-Length and Content-Type headers, as sent. */
  contentLength: string | undefined;
  contentType: string | undefined;
  body: Readable;
  /** Called when the rest of the body will not be read: the route answers with `Connection: close`. */
  abandonBody: () => void;
}

/**
 * The disk store's signed PUT: checks the signature, expiry and the one pending row, streams the body to a
 * temporary file within the type's limit (disk-upload.service.ts), moves it into place and marks the row uploaded.
 */
export async function acceptSignedPut(deps: MediaDeps, put: SignedPut): Promise<StoredObjectRow> {
  const store = deps.objectStore;
  if (!(store instanceof DiskObjectStore)) throw notFound('Uploads go straight to object storage');
  const { key, fileType, max, expires, sig } = put;
  if (!isObjectKey(key)) throw notFound('Unknown upload');
  if (!store.signer.verify(key, fileType, max, expires, sig)) {
    throw forbidden('This upload link is not valid', 'BAD_SIGNATURE');
  }
  if (expires * 1000 < Date.now()) throw forbidden('This upload link has expired', 'UPLOAD_EXPIRED');
  const maxBytes = Math.min(max, MAX_BYTES_BY_TYPE[fileType]);
  const row = await objectByKey(deps.db, key);
  if (!row) throw notFound('Unknown upload');
  if (row.status !== 'pending') throw new HttpError(409, 'UPLOAD_USED', 'This upload link was already used');

  const declared = Number(put.contentLength);
  if (Number.isFinite(declared) && declared > maxBytes) {
    put.abandonBody();
    throw new HttpError(413, 'TOO_LARGE', `File is larger than ${maxBytes} bytes`);
  }
  let received: Awaited<ReturnType<typeof receiveToTemp>>;
  try {
    received = await receiveToTemp(
      store,
      put.body,
      fileType,
      maxBytes,
      normaliseContentType(put.contentType),
    );
  } catch (error) {
    put.abandonBody();
    throw error;
  }
  try {
    await store.commit(received.tempPath, key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new HttpError(409, 'UPLOAD_USED', 'This upload link was already used');
    throw error;
  }
  const [updated] = await deps.db
    .update(storedObjects)
    .set({ status: 'uploaded', size: received.size, contentType: received.contentType })
    .where(eq(storedObjects.id, row.id))
    .returning();
  if (!updated) {
    await store.delete(key);
    throw notFound('Unknown upload');
  }
  return updated;
}
