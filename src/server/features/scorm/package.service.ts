import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { scormPackages, storedObjects, topics } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import {
  attachObject,
  ensureUploaded,
  type MediaDeps,
  objectKeyFrom,
  objectPathFor,
  releaseObject,
} from '#server/features/media/index.ts';
import { courseContentChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import { contentTypeFor } from './content-types.util.ts';
import { PackageError, unpackPackage } from './unpack.service.ts';

// A topic's SCORM package (README 'SCORM packages'): attaching checks and unpacks an uploaded zip under the topic
// in the object store; replacing or removing one works like a video: everyone's progress stays, and the old
// package's files are deleted once the change is committed. A package whose files could not all be deleted
// stays as a retired row (topic_id null) and is finished by the sweeper.

type Deps = MediaDeps & { database: Database };
export type PackageRow = typeof scormPackages.$inferSelect;

export const packageFileKey = (pkg: Pick<PackageRow, 'id' | 'folderTopicId'>, path: string) =>
  `scorm/${pkg.folderTopicId}/${pkg.id}/${path}`;

const invalid = (message: string) => badRequest(message, 'INVALID_PACKAGE');

async function topicExists(deps: Deps, topicId: string) {
  const [row] = await deps.db.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId));
  if (!row) throw notFound('Topic not found');
}

/** Checks and unpacks an uploaded zip and makes it the topic's package, replacing any earlier one. */
export async function attachPackage(
  deps: Deps,
  actor: AuditActor,
  topicId: string,
  objectKey: string,
): Promise<PackageRow> {
  await topicExists(deps, topicId);
  const key = objectKeyFrom(objectKey);
  if (!key) throw badRequest('This file was not uploaded through TradeSkills', 'UNKNOWN_OBJECT');
  const path = objectPathFor(key);
  await ensureUploaded(deps, path);
  const [object] = await deps.db.select().from(storedObjects).where(eq(storedObjects.key, key));
  if (object?.status !== 'uploaded' || !object.size)
    throw badRequest('The file has not finished uploading', 'UPLOAD_INCOMPLETE');
  if (object.fileType !== 'package')
    throw badRequest(`This file was uploaded as ${object.fileType}, not package`, 'WRONG_FILE_TYPE');

  const store = deps.objectStore;
  const pkg = { id: randomUUID(), folderTopicId: topicId };
  const written: string[] = [];
  let unpacked: Awaited<ReturnType<typeof unpackPackage>>;
  try {
    unpacked = await unpackPackage(
      (start, length) => store.readRange(key, start, length),
      object.size,
      (file, body, size) => store.put(packageFileKey(pkg, file), body, contentTypeFor(file), size),
      written,
    );
  } catch (error) {
    await deleteFiles(deps, pkg, written);
    if (error instanceof PackageError) throw invalid(error.message);
    throw error;
  }
  const { manifest } = unpacked;
  let result: { row: PackageRow; old: PackageRow | null };
  try {
    result = await deps.db.transaction(async (tx) => {
      const [topic] = await tx.select().from(topics).where(eq(topics.id, topicId)).for('update');
      if (!topic) throw notFound('Topic not found');
      await attachObject(tx, path, 'package');
      const [old] = await tx
        .update(scormPackages)
        .set({ topicId: null })
        .where(eq(scormPackages.topicId, topicId))
        .returning();
      const [row] = await tx
        .insert(scormPackages)
        .values({
          ...pkg,
          topicId,
          version: manifest.version,
          title: manifest.title,
          launchPath: manifest.launchPath,
          masteryScore: manifest.masteryScore,
          files: unpacked.files,
          unpackedBytes: unpacked.unpackedBytes,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'topic.package',
        entityType: 'topic',
        entityId: topicId,
        summary: changeSummary(
          { package: old?.title ?? null },
          { package: `${manifest.title} (SCORM ${manifest.version})` },
        ),
      });
      return { row: row!, old: old ?? null };
    });
  } catch (error) {
    await deleteFiles(deps, pkg, written);
    throw error;
  }
  await courseContentChanged(deps.database);
  // The zip has served its purpose: the unpacked files are what plays.
  await releaseObject(deps, path);
  if (result.old) await deleteRetired(deps, result.old);
  return result.row;
}

/** The topic goes back to having no package; everyone's progress and run data stay. */
export async function removePackage(deps: Deps, actor: AuditActor, topicId: string): Promise<void> {
  await topicExists(deps, topicId);
  const old = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(scormPackages)
      .set({ topicId: null })
      .where(eq(scormPackages.topicId, topicId))
      .returning();
    if (!row) throw notFound('This topic has no package');
    await recordAudit(tx, actor, {
      action: 'topic.package',
      entityType: 'topic',
      entityId: topicId,
      summary: changeSummary({ package: row.title }, { package: null }),
    });
    return row;
  });
  await courseContentChanged(deps.database);
  await deleteRetired(deps, old);
}

export async function currentPackage(deps: Pick<Deps, 'db'>, topicId: string): Promise<PackageRow | null> {
  const [row] = await deps.db.select().from(scormPackages).where(eq(scormPackages.topicId, topicId));
  return row ?? null;
}

async function deleteFiles(deps: Deps, pkg: Pick<PackageRow, 'id' | 'folderTopicId'>, files: string[]) {
  for (const file of files) await deps.objectStore.delete(packageFileKey(pkg, file));
}

/** Deletes a retired package's files, then its row. */
async function deleteRetired(deps: Deps, pkg: PackageRow) {
  await deleteFiles(deps, pkg, pkg.files);
  await deps.db.delete(scormPackages).where(and(eq(scormPackages.id, pkg.id), isNull(scormPackages.topicId)));
}

/**
 * Finishes packages retired more than `olderThanMs` ago whose files are still there: an interrupted replace, or a
 * topic deleted with its package (the foreign key sets topic_id null). Run by the media sweeper's loop.
 */
export async function sweepRetiredPackages(deps: Deps, olderThanMs = 60 * 60 * 1000): Promise<number> {
  const rows = await deps.db
    .select()
    .from(scormPackages)
    .where(
      and(isNull(scormPackages.topicId), lt(scormPackages.createdAt, new Date(Date.now() - olderThanMs))),
    )
    .limit(20);
  for (const row of rows) await deleteRetired(deps, row);
  return rows.length;
}
