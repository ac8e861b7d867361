import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { enrolments, modules, payments, quizzes, topicProgress, topics } from '#server/db/schema/index.ts';
import { COURSE_CONTENT_TOPIC, LEARNER_TOPIC } from '#server/lib/change-notifications.service.ts';
import { onInvalidate } from '#server/lib/invalidation.service.ts';
import { KeyedCache } from '#server/lib/keyed.cache.ts';

// What every learning read needs, kept in-process so the portal's hot calls (GET /api/modules above all) do not
// wait on the database: each course's outline (modules and topics, shared by all its students) and each learner's
// state (their courses and which topics they have finished). Lock states are computed from the two per request,
// so they are never cached. Writers call courseContentChanged() / learnerChanged() after committing.

/** Safety net for a missed notification. */
export const LEARNING_CACHE_TTL_MS = 30_000;

export interface StructureTopic {
  id: string;
  moduleId: string;
  title: string;
  description: string;
  order: number;
  hasVideo: boolean;
  hasPresentation: boolean;
  hasQuiz: boolean;
}

export interface StructureModule {
  id: string;
  courseId: string;
  title: string;
  description: string;
  order: number;
  duration: number;
  topics: StructureTopic[];
}

export interface TopicState {
  videoCompleted: boolean;
  completed: boolean;
}

export interface LearnerState {
  /** Enrolled courses, first enrolled first (the portal's default course). */
  courseIds: string[];
  /** Only topics the learner has progress on. */
  topics: Map<string, TopicState>;
  /**
   * Courses paused for an overdue monthly instalment (docs/product.md#failed-instalments), with the plan payment:
   * enrolled, progress kept, content refused until it is paid.
   */
  paused: Map<string, string>;
}

export class LearningCache {
  private readonly structures = new KeyedCache<string, StructureModule[]>({
    ttlMs: LEARNING_CACHE_TTL_MS,
    maxEntries: 2_000,
  });
  private readonly learners = new KeyedCache<string, LearnerState>({
    ttlMs: LEARNING_CACHE_TTL_MS,
    maxEntries: 5_000,
  });
  private readonly unsubscribe: (() => void)[];
  private readonly db: Db;

  constructor(database: Database) {
    this.db = database.db;
    this.unsubscribe = [
      onInvalidate(database, COURSE_CONTENT_TOPIC, () => this.structures.clear()),
      onInvalidate(database, LEARNER_TOPIC, (userId) => {
        if (userId === undefined) this.learners.clear();
        else this.learners.delete(userId);
      }),
    ];
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    this.structures.clear();
    this.learners.clear();
  }

  /** The course's modules in order, each with its topics in order (empty for an unknown course). */
  structure(courseId: string): Promise<StructureModule[]> {
    return this.structures.get(courseId, () => loadStructure(this.db, courseId));
  }

  learner(userId: string): Promise<LearnerState> {
    return this.learners.get(userId, () => loadLearner(this.db, userId));
  }
}

async function loadStructure(db: Db, courseId: string): Promise<StructureModule[]> {
  const rows = await db
    .select({
      moduleId: modules.id,
      moduleTitle: modules.title,
      moduleDescription: modules.description,
      moduleOrder: modules.order,
      duration: modules.duration,
      topicId: topics.id,
      topicTitle: topics.title,
      topicDescription: topics.description,
      topicOrder: topics.order,
      videoPath: topics.videoPath,
      presentationPath: topics.presentationPath,
      quizId: quizzes.id,
    })
    .from(modules)
    .leftJoin(topics, eq(topics.moduleId, modules.id))
    .leftJoin(quizzes, eq(quizzes.topicId, topics.id))
    .where(eq(modules.courseId, courseId))
    .orderBy(
      asc(modules.order),
      asc(modules.createdAt),
      asc(modules.id),
      asc(topics.order),
      asc(topics.createdAt),
      asc(topics.id),
    );
  const outline: StructureModule[] = [];
  for (const row of rows) {
    let mod = outline.at(-1);
    if (mod?.id !== row.moduleId) {
      mod = {
        id: row.moduleId,
        courseId,
        title: row.moduleTitle,
        description: row.moduleDescription,
        order: row.moduleOrder,
        duration: row.duration,
        topics: [],
      };
      outline.push(mod);
    }
    if (!row.topicId) continue;
    mod.topics.push({
      id: row.topicId,
      moduleId: row.moduleId,
      title: row.topicTitle ?? '',
      description: row.topicDescription ?? '',
      order: row.topicOrder ?? 0,
      hasVideo: Boolean(row.videoPath),
      hasPresentation: Boolean(row.presentationPath),
      hasQuiz: Boolean(row.quizId),
    });
  }
  return outline;
}

async function loadLearner(db: Db, userId: string): Promise<LearnerState> {
  const [courses, progress, paused] = await Promise.all([
    db
      .select({ courseId: enrolments.courseId })
      .from(enrolments)
      .where(eq(enrolments.userId, userId))
      .orderBy(asc(enrolments.createdAt), asc(enrolments.id)),
    db
      .select({
        topicId: topicProgress.topicId,
        videoCompletedAt: topicProgress.videoCompletedAt,
        completedAt: topicProgress.completedAt,
      })
      .from(topicProgress)
      .where(eq(topicProgress.userId, userId)),
    db
      .select({ courseId: payments.courseId, paymentId: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, userId), isNotNull(payments.accessPausedAt))),
  ]);
  return {
    courseIds: courses.map((c) => c.courseId),
    topics: new Map(
      progress.map((p) => [
        p.topicId,
        { videoCompleted: Boolean(p.videoCompletedAt), completed: Boolean(p.completedAt) },
      ]),
    ),
    paused: new Map(paused.map((p) => [p.courseId, p.paymentId])),
  };
}
