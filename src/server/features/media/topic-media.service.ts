import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { topicProgress, topics } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { courseContentChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import {
  attachObject,
  ensureUploaded,
  type MediaDeps,
  normaliseObjectPath,
  probeVideoDuration,
  releaseObject,
} from './media.service.ts';

// Replacing or removing a topic's video or presentation (README 'Files and media'): the topic, its quiz and
// everyone's progress stay. A replaced video keeps the completions already earned; a student part-way through
// whose saved position lies past the new video's end starts it again. The old object is released once the change
// is committed, so storage keeps no orphans.

export type TopicMediaKind = 'video' | 'presentation';
type TopicDeps = MediaDeps & { database: Database };
export type TopicRow = typeof topics.$inferSelect;

/** Attaches an uploaded file as the topic's video or presentation, replacing any earlier one. */
export async function replaceTopicMedia(
  deps: TopicDeps,
  actor: AuditActor,
  topicId: string,
  reference: string,
  kind: TopicMediaKind,
  durationSeconds?: number,
): Promise<TopicRow> {
  const path = normaliseObjectPath(reference);
  if (!path) throw badRequest('This file was not uploaded through TradeSkills');
  await ensureUploaded(deps, path);
  // The file's own header is the better source; the browser's measurement covers WebM.
  const measured = kind === 'video' ? ((await probeVideoDuration(deps, path)) ?? durationSeconds) : undefined;
  const column = kind === 'video' ? 'videoPath' : 'presentationPath';
  const { topic, old } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(topics).where(eq(topics.id, topicId)).for('update');
    if (!current) throw notFound('Topic not found');
    const previous = current[column];
    if (previous !== path) await attachObject(tx, path, kind);
    const duration = measured === undefined ? null : Math.round(measured);
    const videoDurationSeconds = previous === path ? (duration ?? current.videoDurationSeconds) : duration;
    const [updated] = await tx
      .update(topics)
      .set(
        kind === 'video'
          ? { videoPath: path, videoDurationSeconds, updatedAt: new Date() }
          : { presentationPath: path, updatedAt: new Date() },
      )
      .where(eq(topics.id, topicId))
      .returning();
    if (kind === 'video' && previous !== path && videoDurationSeconds !== null) {
      // Completions stay; positions past the new end would resume nowhere, so those students start again.
      await tx
        .update(topicProgress)
        .set({ videoPositionSeconds: 0, videoWatchedSeconds: 0, lastReportAt: null, updatedAt: new Date() })
        .where(
          and(
            eq(topicProgress.topicId, topicId),
            isNull(topicProgress.videoCompletedAt),
            gt(topicProgress.videoPositionSeconds, sql`${videoDurationSeconds}::real`),
          ),
        );
    }
    await recordAudit(tx, actor, {
      action: `topic.${kind}`,
      entityType: 'topic',
      entityId: topicId,
      summary: changeSummary({ [kind]: previous }, { [kind]: path }),
    });
    return { topic: updated!, old: previous !== path ? previous : null };
  });
  await courseContentChanged(deps.database);
  if (old) await releaseObject(deps, old);
  return topic;
}

/** The topic goes back to "no video" (or no presentation); its quiz and everyone's progress stay. */
export async function removeTopicMedia(
  deps: TopicDeps,
  actor: AuditActor,
  topicId: string,
  kind: TopicMediaKind,
): Promise<TopicRow> {
  const { topic, old } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(topics).where(eq(topics.id, topicId)).for('update');
    if (!current) throw notFound('Topic not found');
    const [updated] = await tx
      .update(topics)
      .set(
        kind === 'video'
          ? { videoPath: null, videoDurationSeconds: null, updatedAt: new Date() }
          : { presentationPath: null, updatedAt: new Date() },
      )
      .where(eq(topics.id, topicId))
      .returning();
    const old = kind === 'video' ? current.videoPath : current.presentationPath;
    await recordAudit(tx, actor, {
      action: `topic.${kind}`,
      entityType: 'topic',
      entityId: topicId,
      summary: changeSummary({ [kind]: old }, { [kind]: null }),
    });
    return { topic: updated!, old };
  });
  await courseContentChanged(deps.database);
  if (old) await releaseObject(deps, old);
  return topic;
}
