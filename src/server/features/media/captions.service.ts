import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { storedObjects, topics } from '#server/db/schema/index.ts';
import { courseContentChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, notFound, payloadTooLarge } from '#server/lib/http.error.ts';
import { CAPTIONS_MAX_BYTES } from '#shared/constants.ts';
import { parseWebVtt } from '#shared/webvtt.ts';
import {
  attachObject,
  ensureUploaded,
  type MediaDeps,
  objectKeyFrom,
  releaseObject,
} from './media.service.ts';
import { objectPathFor } from './object.store.ts';
import type { TopicRow } from './topic-media.service.ts';

// A topic video's captions (README 'Accessibility'): a WebVTT file uploaded as type `captions` through the signed
// upload flow (docs/decisions/0008-signed-direct-uploads.md), checked in full here before the topic uses it. The
// replaced file is released once the change is committed.

type TopicDeps = MediaDeps & { database: Database };

const invalid = (message: string) =>
  badRequest(`These captions are not valid WebVTT. ${message}`, 'INVALID_CAPTIONS');

/** Reads and parses an uploaded caption file; 400 INVALID_CAPTIONS when it is not WebVTT. */
async function checkCaptions(deps: MediaDeps, key: string): Promise<void> {
  const [row] = await deps.db.select().from(storedObjects).where(eq(storedObjects.key, key));
  if (!row) throw badRequest('This file was not uploaded through TradeSkills', 'UNKNOWN_OBJECT');
  if (row.fileType !== 'captions')
    throw badRequest(`This file was uploaded as ${row.fileType}, not captions`, 'WRONG_FILE_TYPE');
  if (row.status !== 'uploaded') throw badRequest('The file has not finished uploading', 'UPLOAD_INCOMPLETE');
  if ((row.size ?? 0) > CAPTIONS_MAX_BYTES) throw payloadTooLarge('Caption files are at most 1 MB');
  const bytes = await deps.objectStore.readStart(key, CAPTIONS_MAX_BYTES + 1);
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('The file is not UTF-8 text.');
  }
  const parsed = parseWebVtt(source);
  if (!parsed.ok) throw invalid(parsed.error);
}

/** Attaches a checked WebVTT file as the topic's captions, replacing any earlier one. */
export async function replaceCaptions(
  deps: TopicDeps,
  topicId: string,
  objectKey: string,
): Promise<TopicRow> {
  const key = objectKeyFrom(objectKey);
  if (!key) throw badRequest('This file was not uploaded through TradeSkills', 'UNKNOWN_OBJECT');
  const path = objectPathFor(key);
  const [exists] = await deps.db.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId));
  if (!exists) throw notFound('Topic not found');
  await ensureUploaded(deps, path);
  await checkCaptions(deps, key);
  const { topic, old } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(topics).where(eq(topics.id, topicId)).for('update');
    if (!current) throw notFound('Topic not found');
    if (current.captionsPath !== path) await attachObject(tx, path, 'captions');
    const [updated] = await tx
      .update(topics)
      .set({ captionsPath: path, updatedAt: new Date() })
      .where(eq(topics.id, topicId))
      .returning();
    return { topic: updated!, old: current.captionsPath !== path ? current.captionsPath : null };
  });
  await courseContentChanged(deps.database);
  if (old) await releaseObject(deps, old);
  return topic;
}

/** The topic's video goes back to having no captions. */
export async function removeCaptions(deps: TopicDeps, topicId: string): Promise<TopicRow> {
  const { topic, old } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(topics).where(eq(topics.id, topicId)).for('update');
    if (!current) throw notFound('Topic not found');
    const [updated] = await tx
      .update(topics)
      .set({ captionsPath: null, updatedAt: new Date() })
      .where(eq(topics.id, topicId))
      .returning();
    return { topic: updated!, old: current.captionsPath };
  });
  await courseContentChanged(deps.database);
  if (old) await releaseObject(deps, old);
  return topic;
}
