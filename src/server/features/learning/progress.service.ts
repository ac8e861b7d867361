import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { moduleProgress, resourceAccessEvents, topicProgress, topics } from '#server/db/schema/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/http.error.ts';
import type {
  ProgressRecord,
  ResourceType,
  VideoProgressInput,
  VideoProgressResponse,
} from '#shared/schemas/learning.ts';
import {
  accessTopic,
  isAdmin,
  type LearningDeps,
  lockProgress,
  moduleCourse,
  recomputeModuleProgress,
  topicCompleted,
} from './learning.service.ts';
import { publishLearning } from './learning-events.handler.ts';
import { presentTopicProgress } from './outline.presenter.ts';

// Progress the server records as the student learns (docs/decisions/0007-server-recorded-progress.md): video
// watching credited at real time only, module progress, the progress list and resource opens.

export const WATCH_RATE_LIMIT = 2;
export const MAX_CREDIT_GAP_SECONDS = 30;
export const REQUIRED_WATCH_FRACTION = 0.8;

export function endTolerance(duration: number): number {
  return Math.max(1, duration * 0.02);
}

export async function reportVideoProgress(
  deps: LearningDeps,
  viewer: Principal,
  topicId: string,
  input: VideoProgressInput,
): Promise<VideoProgressResponse> {
  const { db } = deps;
  const { topic } = await accessTopic(deps, viewer, topicId);
  if (!topic.videoPath) throw badRequest('This topic has no video');
  const result = await db.transaction(async (tx) => {
    let duration = topic.videoDurationSeconds;
    if (!duration && input.durationSeconds) {
      // Only the server (upload-time parse) or an admin sets a topic's length: a student's player report counts
      // for this report of their own progress and is never stored, so no student can shorten everyone's video.
      duration = Math.max(1, Math.round(input.durationSeconds));
      if (isAdmin(viewer)) {
        await tx
          .update(topics)
          .set({ videoDurationSeconds: duration })
          .where(and(eq(topics.id, topic.id), sql`${topics.videoDurationSeconds} IS NULL`));
      }
    }
    const row = await lockProgress(tx, viewer.id, topic.id);
    const now = new Date();
    const position = duration ? Math.min(input.positionSeconds, duration) : input.positionSeconds;
    const previous = row?.videoPositionSeconds ?? 0;
    const since = row?.lastReportAt ?? row?.openedAt ?? null;
    const elapsed = since
      ? Math.min(Math.max(0, (now.getTime() - since.getTime()) / 1000), MAX_CREDIT_GAP_SECONDS)
      : 0;
    const advanced = position - previous;
    const credit = advanced > 0 ? Math.min(advanced, elapsed * WATCH_RATE_LIMIT + 0.5) : 0;
    const watched = Math.min((row?.videoWatchedSeconds ?? 0) + credit, duration ?? Number.POSITIVE_INFINITY);
    const alreadyEnded = Boolean(row?.videoCompletedAt);
    const reachesEnd = Boolean(duration) && position >= duration! - endTolerance(duration!);
    const plausible = Boolean(duration) && watched >= duration! * REQUIRED_WATCH_FRACTION;
    const justCompleted = !alreadyEnded && reachesEnd && plausible;
    const completesTopic = justCompleted && !topic.quizId && !row?.completedAt;
    const [updated] = await tx
      .update(topicProgress)
      .set({
        videoPositionSeconds: position,
        videoWatchedSeconds: watched,
        lastReportAt: now,
        openedAt: row?.openedAt ?? now,
        videoCompletedAt: row?.videoCompletedAt ?? (justCompleted ? now : null),
        completedAt: row?.completedAt ?? (completesTopic ? now : null),
        updatedAt: now,
      })
      .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)))
      .returning();
    if (credit > 0) {
      await publishLearning(tx, deps.subscribers, {
        kind: 'studied',
        userId: viewer.id,
        source: 'video',
        sourceRef: topic.id,
        seconds: credit,
        description: `Watched “${topic.title}”`,
      });
    }
    const moduleRecord = completesTopic
      ? await topicCompleted(tx, deps.subscribers, viewer.id, topic)
      : await currentModuleProgress(tx, viewer.id, topic.moduleId);
    return {
      updated,
      justCompleted,
      refused: input.event === 'ended' && !alreadyEnded && !justCompleted,
      moduleRecord,
    };
  });
  if (result.justCompleted) await learnerChanged(deps.database, viewer.id);
  // The position is kept either way; only the claim that the video ended is refused.
  if (result.refused) {
    throw conflict('The video has not been watched to the end yet', 'VIDEO_NOT_WATCHED');
  }
  return {
    progress: presentTopicProgress(topic, result.updated, isAdmin(viewer)),
    justCompleted: result.justCompleted,
    moduleProgressPercentage: result.moduleRecord.progressPercentage,
  };
}

export async function currentModuleProgress(
  tx: Queryable,
  userId: string,
  moduleId: string,
): Promise<ProgressRecord> {
  const [row] = await tx
    .select()
    .from(moduleProgress)
    .where(and(eq(moduleProgress.userId, userId), eq(moduleProgress.moduleId, moduleId)));
  return {
    moduleId,
    progressPercentage: row ? Number(row.progressPercentage).toFixed(2) : '0.00',
    isCompleted: row?.isCompleted ?? false,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Progress records and resource access

export async function listProgress(db: Queryable, viewer: Principal): Promise<ProgressRecord[]> {
  const rows = await db
    .select({
      moduleId: moduleProgress.moduleId,
      progressPercentage: moduleProgress.progressPercentage,
      isCompleted: moduleProgress.isCompleted,
    })
    .from(moduleProgress)
    .where(eq(moduleProgress.userId, viewer.id));
  return rows.map((r) => ({ ...r, progressPercentage: Number(r.progressPercentage).toFixed(2) }));
}

/**
 * PUT /api/progress (docs/product.md#portal): only modules of the caller's courses, 0–100, never below the stored value.
 * The stored value is then the server's own derivation; claiming more than was earned changes nothing.
 */
export async function updateProgress(
  deps: LearningDeps,
  viewer: Principal,
  moduleId: string,
  claimed: number,
): Promise<ProgressRecord> {
  await moduleCourse(deps, viewer, moduleId);
  return deps.db.transaction(async (tx) => {
    const current = await currentModuleProgress(tx, viewer.id, moduleId);
    if (claimed < Number(current.progressPercentage)) {
      throw conflict('Progress cannot go backwards', 'PROGRESS_BACKWARDS');
    }
    return recomputeModuleProgress(tx, deps.subscribers, viewer.id, moduleId);
  });
}

export async function recordResourceAccess(
  deps: LearningDeps,
  viewer: Principal,
  topicId: string,
  type: ResourceType,
  sessionDuration: number,
): Promise<void> {
  const { topic } = await accessTopic(deps, viewer, topicId);
  const path = type === 'video' ? topic.videoPath : topic.presentationPath;
  if (!path) throw notFound('Resource not found');
  await deps.db
    .insert(resourceAccessEvents)
    .values({ userId: viewer.id, topicId, resourceType: type, sessionDuration });
}
