import type { topicProgress } from '#server/db/schema/index.ts';
import type { LearningModule, TopicProgress, TopicSummary } from '#shared/schemas/learning.ts';
import type { StructureModule, StructureTopic } from './learning.cache.ts';

// What the portal is sent of a course's outline: the viewer's modules and topics with their completion and lock
// state (docs/decisions/0007-server-recorded-progress.md).

export interface OutlineTopic extends StructureTopic {
  videoCompleted: boolean;
  completed: boolean;
  isLocked: boolean;
}
export interface OutlineModule extends Omit<StructureModule, 'topics'> {
  topics: OutlineTopic[];
  isLocked: boolean;
  isCompleted: boolean;
  completedTopics: number;
}

export function percentage(done: number, total: number): string {
  return (total > 0 ? Math.round((done / total) * 10000) / 100 : 0).toFixed(2);
}

export function presentModule(mod: OutlineModule): LearningModule {
  return {
    id: mod.id,
    courseId: mod.courseId,
    title: mod.title,
    description: mod.description,
    order: mod.order,
    duration: mod.duration,
    topicCount: mod.topics.length,
    completedTopics: mod.completedTopics,
    progressPercentage: percentage(mod.completedTopics, mod.topics.length),
    isCompleted: mod.isCompleted,
    isLocked: mod.isLocked,
  };
}

export function presentTopicSummary(topic: OutlineTopic): TopicSummary {
  return {
    id: topic.id,
    moduleId: topic.moduleId,
    title: topic.title,
    description: topic.description,
    order: topic.order,
    hasVideo: topic.hasVideo,
    hasPresentation: topic.hasPresentation,
    hasQuiz: topic.hasQuiz,
    isLocked: topic.isLocked,
    isCompleted: topic.completed,
    videoCompleted: topic.videoCompleted,
  };
}

/** `unlockAll`: an admin previewing the portal, for whom the quiz is always open. */
export function presentTopicProgress(
  topic: { videoPath: string | null },
  row: typeof topicProgress.$inferSelect | undefined,
  unlockAll = false,
): TopicProgress {
  const videoCompleted = Boolean(row?.videoCompletedAt) || !topic.videoPath;
  return {
    videoPositionSeconds: row?.videoPositionSeconds ?? 0,
    videoWatchedSeconds: row?.videoWatchedSeconds ?? 0,
    videoCompleted,
    quizUnlocked: videoCompleted || unlockAll,
    quizPassed: Boolean(row?.quizPassedAt),
    completed: Boolean(row?.completedAt),
  };
}
