import type { Queryable } from '#server/db/client.ts';

// What learning tells other features, inside the transaction that recorded it (ARCHITECTURE.md 'Feature
// boundaries'). Learning knows nothing of who listens: the composition root (src/server/deps.ts) hands it the
// subscribers, as checkout gets its payment settlements. A subscriber that throws rolls the learning back with it,
// so a completion and what follows from it (a certificate, an off-the-job entry) are recorded together or not at
// all.

export type LearningEvent =
  /** Time spent learning on the platform: watching a video, or a quiz attempt of `questions` questions. */
  | {
      kind: 'studied';
      userId: string;
      source: 'video' | 'quiz';
      sourceRef: string;
      /** Seconds watched (videos). */
      seconds?: number;
      /** Questions answered (quizzes, which are not timed). */
      questions?: number;
      description: string;
    }
  /** A topic is complete for the learner (opened, watched, its quiz passed, or its package finished). */
  | { kind: 'topicCompleted'; userId: string; topicId: string; moduleId: string }
  /** Every topic of a module is complete for the learner. */
  | { kind: 'moduleCompleted'; userId: string; moduleId: string };

export type LearningSubscriber = (tx: Queryable, event: LearningEvent) => Promise<void>;

/** Tells every subscriber, in order, within the caller's transaction. */
export async function publishLearning(
  tx: Queryable,
  subscribers: readonly LearningSubscriber[],
  event: LearningEvent,
): Promise<void> {
  for (const subscriber of subscribers) await subscriber(tx, event);
}
