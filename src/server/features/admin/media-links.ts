import type { Database, Queryable } from '#server/db/client.ts';
import {
  attachObject,
  type MediaDeps,
  normaliseObjectPath,
  releaseObjects,
} from '#server/features/media/index.ts';
import { badRequest } from '#server/lib/errors.ts';

// The admin console's seam with the media feature: images that content points at are claimed when saved and
// every media object is released when its content is replaced or deleted, so storage keeps no orphans.

/** What admin services need: the database (and its change bus) plus what media needs to reach storage. */
export type AdminDeps = MediaDeps & { database: Database };

/** The stored form of an image path the form sent; null clears it. */
export function imagePath(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null || value === '') return value === undefined ? undefined : null;
  const path = normaliseObjectPath(value);
  if (!path) throw badRequest('This file was not uploaded through TradeSkills');
  return path;
}

/** Claims a freshly uploaded image for its owner, inside the owner's transaction. */
export async function attachImage(tx: Queryable, path: string | null | undefined): Promise<void> {
  if (path) await attachObject(tx, path, 'image');
}

/** After the change is committed: deletes objects nothing points at any more. */
export async function releaseMedia(deps: MediaDeps, paths: (string | null | undefined)[]): Promise<void> {
  await releaseObjects(deps, paths);
}
