import type { topicProgress } from '#server/db/schema/index.ts';
import type { LearningModule, TopicProgress, TopicSummary } from '#shared/schemas/learning.ts';
import type { StructureModule, StructureTopic, TopicState } from './learning.cache.ts';

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

/**
 * A module of the cached structure with the learner's state, locks still to apply. Copied field by field, then
 * Object.assign: object spreads with more properties (`{ ...mod, topics, isLocked }`) cost V8 on Node 20
 * microseconds each and made building the outline about 15 times slower (README 'Performance').
 */
export function outlineModule(mod: StructureModule, states: Map<string, TopicState>): OutlineModule {
  return Object.assign(moduleFacts(mod), {
    topics: mod.topics.map((topic) => outlineTopic(topic, states.get(topic.id))),
    isLocked: false,
    isCompleted: false,
    completedTopics: 0,
  });
}

function moduleFacts(mod: Omit<StructureModule, 'topics'>): Omit<StructureModule, 'topics'> {
  return {
    id: mod.id,
    courseId: mod.courseId,
    title: mod.title,
    description: mod.description,
    order: mod.order,
    duration: mod.duration,
  };
}

function outlineTopic(topic: StructureTopic, state: TopicState | undefined): OutlineTopic {
  return Object.assign(topicFacts(topic), {
    videoCompleted: Boolean(state?.videoCompleted) || !topic.hasVideo,
    completed: Boolean(state?.completed),
    isLocked: false,
  });
}

/** What the course structure says of a topic, as a fresh object (see outlineModule on why not by spread). */
function topicFacts(topic: StructureTopic): StructureTopic {
  return {
    id: topic.id,
    moduleId: topic.moduleId,
    title: topic.title,
    description: topic.description,
    order: topic.order,
    hasVideo: topic.hasVideo,
    hasPresentation: topic.hasPresentation,
    hasQuiz: topic.hasQuiz,
  };
}

export function percentage(done: number, total: number): string {
  return (total > 0 ? Math.round((done / total) * 10000) / 100 : 0).toFixed(2);
}

export function presentModule(mod: OutlineModule): LearningModule {
  return Object.assign(moduleFacts(mod), {
    topicCount: mod.topics.length,
    completedTopics: mod.completedTopics,
    progressPercentage: percentage(mod.completedTopics, mod.topics.length),
    isCompleted: mod.isCompleted,
    isLocked: mod.isLocked,
  });
}

export function presentTopicSummary(topic: OutlineTopic): TopicSummary {
  return Object.assign(topicFacts(topic), {
    isLocked: topic.isLocked,
    isCompleted: topic.completed,
    videoCompleted: topic.videoCompleted,
  });
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
