import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import {
  courses,
  moduleProgress,
  modules,
  quizzes,
  scormPackages,
  storedObjects,
  topicProgress,
  topics,
} from '#server/db/schema/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { forbidden, HttpError, notFound } from '#server/lib/http.error.ts';
import type { LearningModule, ProgressRecord, TopicDetail, TopicSummary } from '#shared/schemas/learning.ts';
import type { LearningCache } from './learning.cache.ts';
import { type LearningSubscriber, publishLearning } from './learning-events.handler.ts';
import {
  type OutlineModule,
  outlineModule,
  percentage,
  presentModule,
  presentTopicProgress,
  presentTopicSummary,
} from './outline.presenter.ts';

// The learning rules live here, on the server, so the browser cannot skip them
// (docs/decisions/0007-server-recorded-progress.md): modules and topics open in order, a topic completes by
// passing its quiz (or by its video ending when it has no quiz, or by being opened when it has neither), and
// module progress is derived from completed topics.

/** Whether the viewer sees every course, unlocked (admins previewing the portal): the access policy decides. */
export const isAdmin = (viewer: Principal) => can(viewer, 'course:readAll');

export interface LearningDeps {
  db: Db;
  database: Database;
  cache: LearningCache;
  /** Other features' reactions to learning, inside its transactions (learning-events.handler.ts). */
  subscribers: readonly LearningSubscriber[];
}

// ---------------------------------------------------------------------------------------------------------------
// Courses and the course outline

/** The course the portal shows: the requested one if the viewer may see it, else their first. */
export async function resolveCourseId(
  deps: LearningDeps,
  viewer: Principal,
  requested?: string,
): Promise<string | null> {
  if (isAdmin(viewer)) {
    if (requested) {
      const [row] = await deps.db.select({ id: courses.id }).from(courses).where(eq(courses.id, requested));
      if (!row) throw notFound('Course not found');
      return row.id;
    }
    const [first] = await deps.db
      .select({ id: courses.id })
      .from(courses)
      .orderBy(asc(courses.courseType), asc(courses.order))
      .limit(1);
    return first?.id ?? null;
  }
  const learner = await deps.cache.learner(viewer.id);
  const { courseIds } = learner;
  if (requested) {
    if (!courseIds.includes(requested)) throw forbidden('You are not enrolled in this course');
    refuseIfPaused(learner, requested);
    return requested;
  }
  const first = courseIds.find((id) => !learner.paused.has(id)) ?? courseIds[0] ?? null;
  if (first) refuseIfPaused(learner, first);
  return first;
}

export const PAYMENT_OVERDUE_MESSAGE =
  'Payment overdue: this course is paused until the overdue instalment is paid. Your progress is kept.';

/**
 * A course paused for an overdue instalment (docs/product.md#failed-instalments): 402 PAYMENT_OVERDUE, naming the
 * plan so the page can offer to pay. Progress is kept; paying opens it again at once.
 */
function refuseIfPaused(learner: { paused: Map<string, string> }, courseId: string): void {
  const paymentId = learner.paused.get(courseId);
  if (paymentId) throw new HttpError(402, 'PAYMENT_OVERDUE', PAYMENT_OVERDUE_MESSAGE, { paymentId });
}

/** Enrolled in the course; throws 402 PAYMENT_OVERDUE while it is paused for an overdue instalment. */
export async function isEnrolled(deps: LearningDeps, userId: string, courseId: string): Promise<boolean> {
  const learner = await deps.cache.learner(userId);
  if (!learner.courseIds.includes(courseId)) return false;
  refuseIfPaused(learner, courseId);
  return true;
}

/** Every module and topic of a course with the viewer's completion and lock state (from the learning cache). */
export async function loadOutline(
  deps: LearningDeps,
  viewer: Principal,
  courseId: string,
): Promise<OutlineModule[]> {
  const [structure, learner] = await Promise.all([
    deps.cache.structure(courseId),
    deps.cache.learner(viewer.id),
  ]);
  // Fresh objects every time: the cached structure is shared and never changed.
  const outline = structure.map((mod) => outlineModule(mod, learner.topics));
  applyLocks(outline, isAdmin(viewer));
  return outline;
}

/**
 * The opening order (docs/product.md#portal): the first module is open; a later one opens when the one before it is
 * complete (or once it has progress of its own); inside an open module the first topic is open and each next one
 * opens when the previous is complete. Admins see everything open.
 */
export function applyLocks(outline: OutlineModule[], unlockAll: boolean): void {
  let previousModuleComplete = true;
  for (const [i, mod] of outline.entries()) {
    mod.completedTopics = mod.topics.filter((t) => t.completed).length;
    mod.isCompleted = mod.topics.length > 0 && mod.completedTopics === mod.topics.length;
    mod.isLocked = !unlockAll && i > 0 && mod.completedTopics === 0 && !previousModuleComplete;
    let previousTopicComplete = true;
    for (const [j, topic] of mod.topics.entries()) {
      topic.isLocked = !unlockAll && (mod.isLocked || (j > 0 && !previousTopicComplete && !topic.completed));
      previousTopicComplete = topic.completed;
    }
    // An empty module neither blocks nor opens anything.
    if (mod.topics.length > 0) previousModuleComplete = mod.isCompleted;
  }
}

export async function listModules(
  deps: LearningDeps,
  viewer: Principal,
  courseId?: string,
): Promise<LearningModule[]> {
  const resolved = await resolveCourseId(deps, viewer, courseId);
  if (!resolved) return [];
  return (await loadOutline(deps, viewer, resolved)).map(presentModule);
}

/** The module's topics; a module of a course the student is not enrolled in does not exist for them. */
export async function listTopics(
  deps: LearningDeps,
  viewer: Principal,
  moduleId: string,
): Promise<TopicSummary[]> {
  const mod = await moduleCourse(deps, viewer, moduleId);
  const outline = await loadOutline(deps, viewer, mod.courseId);
  return (outline.find((m) => m.id === moduleId)?.topics ?? []).map(presentTopicSummary);
}

// ---------------------------------------------------------------------------------------------------------------
// One topic: access, opening, video, quiz

type TopicRow = typeof topics.$inferSelect & { courseId: string; quizId: string | null };

interface TopicAccess {
  topic: TopicRow;
  outline: OutlineModule[];
  /** The topic after this one in course order, if any. */
  nextTopicId: string | null;
}

/** The module's course; a module of a course the student is not enrolled in does not exist for them. */
export async function moduleCourse(deps: LearningDeps, viewer: Principal, moduleId: string) {
  const [mod] = await deps.db
    .select({ courseId: modules.courseId })
    .from(modules)
    .where(eq(modules.id, moduleId));
  if (!mod || (!isAdmin(viewer) && !(await isEnrolled(deps, viewer.id, mod.courseId)))) {
    throw notFound('Module not found');
  }
  return mod;
}

/** 404 for an unknown topic, 403 when not enrolled or still locked. */
export async function accessTopic(
  deps: LearningDeps,
  viewer: Principal,
  topicId: string,
): Promise<TopicAccess> {
  const [row] = await deps.db
    .select({ topic: topics, courseId: modules.courseId, quizId: quizzes.id })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .leftJoin(quizzes, eq(quizzes.topicId, topics.id))
    .where(eq(topics.id, topicId));
  if (!row) throw notFound('Topic not found');
  if (!isAdmin(viewer) && !(await isEnrolled(deps, viewer.id, row.courseId))) {
    throw forbidden('You are not enrolled in this course');
  }
  const outline = await loadOutline(deps, viewer, row.courseId);
  const flat = outline.flatMap((m) => m.topics);
  const index = flat.findIndex((t) => t.id === topicId);
  if (flat[index]?.isLocked) throw forbidden('This topic is locked', 'TOPIC_LOCKED');
  return {
    topic: { ...row.topic, courseId: row.courseId, quizId: row.quizId },
    outline,
    nextTopicId: flat[index + 1]?.id ?? null,
  };
}

type ProgressRow = typeof topicProgress.$inferSelect;

export async function lockProgress(
  tx: Queryable,
  userId: string,
  topicId: string,
): Promise<ProgressRow | undefined> {
  await tx.insert(topicProgress).values({ userId, topicId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(topicProgress)
    .where(and(eq(topicProgress.userId, userId), eq(topicProgress.topicId, topicId)))
    .for('update');
  return row;
}

/**
 * A topic has just become complete for the learner: tells the subscribers, then recomputes its module (which may
 * complete the module too). Call it in the transaction that set `completedAt`.
 */
export async function topicCompleted(
  tx: Queryable,
  subscribers: readonly LearningSubscriber[],
  userId: string,
  topic: { id: string; moduleId: string },
): Promise<ProgressRecord> {
  await publishLearning(tx, subscribers, {
    kind: 'topicCompleted',
    userId,
    topicId: topic.id,
    moduleId: topic.moduleId,
  });
  return recomputeModuleProgress(tx, subscribers, userId, topic.moduleId);
}

/**
 * Derives the module's progressPercentage from its completed topics and stores it. Call it after anything that
 * changes which topics exist or are complete (content edits, attempt resets).
 */
export async function recomputeModuleProgress(
  tx: Queryable,
  subscribers: readonly LearningSubscriber[],
  userId: string,
  moduleId: string,
): Promise<ProgressRecord> {
  const [counts] = await tx
    .select({
      total: sql<number>`count(${topics.id})::int`,
      done: sql<number>`count(${topicProgress.completedAt})::int`,
    })
    .from(topics)
    .leftJoin(topicProgress, and(eq(topicProgress.topicId, topics.id), eq(topicProgress.userId, userId)))
    .where(eq(topics.moduleId, moduleId));
  const total = Number(counts?.total ?? 0);
  const done = Number(counts?.done ?? 0);
  const progressPercentage = percentage(done, total);
  const isCompleted = total > 0 && done === total;
  await tx
    .insert(moduleProgress)
    .values({ userId, moduleId, progressPercentage, isCompleted })
    .onConflictDoUpdate({
      target: [moduleProgress.userId, moduleProgress.moduleId],
      set: { progressPercentage, isCompleted, updatedAt: new Date() },
    });
  if (isCompleted) await publishLearning(tx, subscribers, { kind: 'moduleCompleted', userId, moduleId });
  return { moduleId, progressPercentage, isCompleted };
}

const OBJECT_PREFIX = '/objects/';

/** PDF (shown inline) or slides (downloaded): from the stored object's content type, else the file name. */
async function presentationKind(
  db: Queryable,
  path: string | null,
): Promise<TopicDetail['presentationKind']> {
  if (!path) return null;
  if (path.startsWith(OBJECT_PREFIX)) {
    const [object] = await db
      .select({ contentType: storedObjects.contentType })
      .from(storedObjects)
      .where(eq(storedObjects.key, path.slice(OBJECT_PREFIX.length)));
    if (object?.contentType) return object.contentType === 'application/pdf' ? 'pdf' : 'slides';
  }
  return /\.pdf(\?|$)/i.test(path) ? 'pdf' : 'slides';
}

async function playsPackage(db: Queryable, topicId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: scormPackages.id })
    .from(scormPackages)
    .where(eq(scormPackages.topicId, topicId));
  return Boolean(row);
}

/**
 * The topic as the viewer sees it, changing nothing (a GET never changes state: README 'Limits and bad input').
 */
export async function readTopic(
  deps: LearningDeps,
  viewer: Principal,
  topicId: string,
): Promise<TopicDetail> {
  const { topic, nextTopicId } = await accessTopic(deps, viewer, topicId);
  const [row] = await deps.db
    .select()
    .from(topicProgress)
    .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)));
  return presentTopicDetail(deps, viewer, topic, nextTopicId, row);
}

/** Opening a topic (POST) records it; a topic with nothing to watch and no quiz is complete once opened. */
export async function openTopic(
  deps: LearningDeps,
  viewer: Principal,
  topicId: string,
): Promise<TopicDetail> {
  const { db } = deps;
  const { topic, nextTopicId } = await accessTopic(deps, viewer, topicId);
  // A SCORM package completes its topic itself (README 'SCORM packages').
  const hasPackage = await playsPackage(deps.db, topic.id);
  let finished = false;
  const progress = await db.transaction(async (tx) => {
    const row = await lockProgress(tx, viewer.id, topic.id);
    const now = new Date();
    const noVideo = !topic.videoPath;
    const completes = noVideo && !topic.quizId && !hasPackage && !row?.completedAt;
    const [updated] = await tx
      .update(topicProgress)
      .set({
        openedAt: row?.openedAt ?? now,
        videoCompletedAt: row?.videoCompletedAt ?? (noVideo ? now : null),
        completedAt: row?.completedAt ?? (completes ? now : null),
        updatedAt: now,
      })
      .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)))
      .returning();
    if (completes) await topicCompleted(tx, deps.subscribers, viewer.id, topic);
    finished = completes || (noVideo && !row?.videoCompletedAt);
    return updated;
  });
  if (finished) await learnerChanged(deps.database, viewer.id);
  return presentTopicDetail(deps, viewer, topic, nextTopicId, progress);
}

async function presentTopicDetail(
  deps: LearningDeps,
  viewer: Principal,
  topic: Awaited<ReturnType<typeof accessTopic>>['topic'],
  nextTopicId: string | null,
  progress: typeof topicProgress.$inferSelect | undefined,
): Promise<TopicDetail> {
  const { db } = deps;
  return {
    id: topic.id,
    moduleId: topic.moduleId,
    courseId: topic.courseId,
    title: topic.title,
    description: topic.description,
    order: topic.order,
    videoPath: topic.videoPath,
    videoDurationSeconds: topic.videoDurationSeconds,
    presentationPath: topic.presentationPath,
    presentationKind: await presentationKind(db, topic.presentationPath),
    captionsUrl: topic.captionsPath,
    hasQuiz: Boolean(topic.quizId),
    hasPackage: await playsPackage(db, topic.id),
    nextTopicId,
    progress: presentTopicProgress(topic, progress, isAdmin(viewer)),
  };
}

// Watched time is credited from position reports at no more than this rate (2× playback speed) and over at
// most this much wall-clock time per report (~10 s apart while playing), so a paused tab or a jump to the end
// earns nothing. "Ended" needs the position at the end and most of the length actually watched.
