import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  courses,
  enrolments,
  moduleProgress,
  modules,
  quizAnswers,
  quizAttempts,
  quizQuestions,
  quizzes,
  resourceAccessEvents,
  storedObjects,
  topicProgress,
  topics,
} from '#server/db/schema/index.ts';
import type { UserRow } from '#server/features/auth/sessions.service.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/lib/errors.ts';
import type {
  LearningModule,
  ProgressRecord,
  Quiz,
  QuizAttemptInput,
  QuizAttemptResult,
  ResourceType,
  TopicDetail,
  TopicProgress,
  TopicSummary,
  VideoProgressInput,
  VideoProgressResponse,
} from '#shared/schemas/learning.ts';

// The learning rules live here, on the server, so the browser cannot skip them (DESIGN.md §4):
// modules and topics open in order, a topic completes by passing its quiz (or by its video ending when it has no
// quiz, or by being opened when it has neither), and module progress is derived from completed topics.

type Viewer = Pick<UserRow, 'id' | 'role'>;
const isAdmin = (viewer: Viewer) => viewer.role === 'admin';

// ---------------------------------------------------------------------------------------------------------------
// Courses and the course outline

/** The course the portal shows: the requested one if the viewer may see it, else their first. */
export async function resolveCourseId(
  db: Queryable,
  viewer: Viewer,
  requested?: string,
): Promise<string | null> {
  if (isAdmin(viewer)) {
    if (requested) {
      const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, requested));
      if (!row) throw notFound('Course not found');
      return row.id;
    }
    const [first] = await db
      .select({ id: courses.id })
      .from(courses)
      .orderBy(asc(courses.courseType), asc(courses.order))
      .limit(1);
    return first?.id ?? null;
  }
  const rows = await db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(eq(enrolments.userId, viewer.id))
    .orderBy(asc(enrolments.createdAt));
  if (requested) {
    if (!rows.some((r) => r.courseId === requested)) throw forbidden('You are not enrolled in this course');
    return requested;
  }
  return rows[0]?.courseId ?? null;
}

export async function isEnrolled(db: Queryable, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return Boolean(row);
}

interface OutlineTopic {
  id: string;
  moduleId: string;
  title: string;
  description: string;
  order: number;
  hasVideo: boolean;
  hasPresentation: boolean;
  hasQuiz: boolean;
  videoCompleted: boolean;
  completed: boolean;
  isLocked: boolean;
}
interface OutlineModule {
  id: string;
  courseId: string;
  title: string;
  description: string;
  order: number;
  duration: number;
  topics: OutlineTopic[];
  isLocked: boolean;
  isCompleted: boolean;
  completedTopics: number;
}

/** Every module and topic of a course with the viewer's completion and lock state, in one query. */
export async function loadOutline(db: Queryable, viewer: Viewer, courseId: string): Promise<OutlineModule[]> {
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
      videoCompletedAt: topicProgress.videoCompletedAt,
      completedAt: topicProgress.completedAt,
    })
    .from(modules)
    .leftJoin(topics, eq(topics.moduleId, modules.id))
    .leftJoin(quizzes, eq(quizzes.topicId, topics.id))
    .leftJoin(topicProgress, and(eq(topicProgress.topicId, topics.id), eq(topicProgress.userId, viewer.id)))
    .where(eq(modules.courseId, courseId))
    .orderBy(
      asc(modules.order),
      asc(modules.createdAt),
      asc(modules.id),
      asc(topics.order),
      asc(topics.createdAt),
      asc(topics.id),
    );

  const outline: OutlineModule[] = [];
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
        isLocked: false,
        isCompleted: false,
        completedTopics: 0,
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
      videoCompleted: Boolean(row.videoCompletedAt) || !row.videoPath,
      completed: Boolean(row.completedAt),
      isLocked: false,
    });
  }
  applyLocks(outline, isAdmin(viewer));
  return outline;
}

/**
 * The opening order (spec §2 made real): the first module is open; a later one opens when the one before it is
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

export async function listModules(
  db: Queryable,
  viewer: Viewer,
  courseId?: string,
): Promise<LearningModule[]> {
  const resolved = await resolveCourseId(db, viewer, courseId);
  if (!resolved) return [];
  return (await loadOutline(db, viewer, resolved)).map(presentModule);
}

/** The module's topics; a module of a course the student is not enrolled in does not exist for them. */
export async function listTopics(db: Queryable, viewer: Viewer, moduleId: string): Promise<TopicSummary[]> {
  const [mod] = await db.select({ courseId: modules.courseId }).from(modules).where(eq(modules.id, moduleId));
  if (!mod || (!isAdmin(viewer) && !(await isEnrolled(db, viewer.id, mod.courseId)))) {
    throw notFound('Module not found');
  }
  const outline = await loadOutline(db, viewer, mod.courseId);
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

/** 404 for an unknown topic, 403 when not enrolled or still locked. */
export async function accessTopic(db: Queryable, viewer: Viewer, topicId: string): Promise<TopicAccess> {
  const [row] = await db
    .select({ topic: topics, courseId: modules.courseId, quizId: quizzes.id })
    .from(topics)
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .leftJoin(quizzes, eq(quizzes.topicId, topics.id))
    .where(eq(topics.id, topicId));
  if (!row) throw notFound('Topic not found');
  if (!isAdmin(viewer) && !(await isEnrolled(db, viewer.id, row.courseId))) {
    throw forbidden('You are not enrolled in this course');
  }
  const outline = await loadOutline(db, viewer, row.courseId);
  const flat = outline.flatMap((m) => m.topics);
  const index = flat.findIndex((t) => t.id === topicId);
  if (flat[index]?.isLocked) throw forbidden('This topic is locked', 'topic_locked');
  return {
    topic: { ...row.topic, courseId: row.courseId, quizId: row.quizId },
    outline,
    nextTopicId: flat[index + 1]?.id ?? null,
  };
}

type ProgressRow = typeof topicProgress.$inferSelect;

function presentTopicProgress(
  topic: Pick<TopicRow, 'videoPath'>,
  row: ProgressRow | undefined,
): TopicProgress {
  return {
    videoPositionSeconds: row?.videoPositionSeconds ?? 0,
    videoWatchedSeconds: row?.videoWatchedSeconds ?? 0,
    videoCompleted: Boolean(row?.videoCompletedAt) || !topic.videoPath,
    quizPassed: Boolean(row?.quizPassedAt),
    completed: Boolean(row?.completedAt),
  };
}

async function lockProgress(
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
 * Derives the module's progressPercentage from its completed topics and stores it. Call it after anything that
 * changes which topics exist or are complete (content edits, attempt resets).
 */
export async function recomputeModuleProgress(
  tx: Queryable,
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

/** Opening a topic records it; a topic with nothing to watch and no quiz is complete once opened. */
export async function openTopic(db: Db, viewer: Viewer, topicId: string): Promise<TopicDetail> {
  const { topic, nextTopicId } = await accessTopic(db, viewer, topicId);
  const progress = await db.transaction(async (tx) => {
    const row = await lockProgress(tx, viewer.id, topic.id);
    const now = new Date();
    const noVideo = !topic.videoPath;
    const completes = noVideo && !topic.quizId && !row?.completedAt;
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
    if (completes) await recomputeModuleProgress(tx, viewer.id, topic.moduleId);
    return updated;
  });
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
    hasQuiz: Boolean(topic.quizId),
    nextTopicId,
    progress: presentTopicProgress(topic, progress),
  };
}

// Watched time is credited from position reports at no more than this rate (2× playback speed) and over at most
// this much wall-clock time per report (~10 s apart while playing), so a paused tab or a jump to the end earns
// nothing. "Ended" needs the position at the end and most of the length actually watched.
export const WATCH_RATE_LIMIT = 2;
export const MAX_CREDIT_GAP_SECONDS = 30;
export const REQUIRED_WATCH_FRACTION = 0.8;

export function endTolerance(duration: number): number {
  return Math.max(1, duration * 0.02);
}

export async function reportVideoProgress(
  db: Db,
  viewer: Viewer,
  topicId: string,
  input: VideoProgressInput,
): Promise<VideoProgressResponse> {
  const { topic } = await accessTopic(db, viewer, topicId);
  if (!topic.videoPath) throw badRequest('This topic has no video');
  const result = await db.transaction(async (tx) => {
    let duration = topic.videoDurationSeconds;
    if (!duration && input.durationSeconds) {
      // The first player to load the video tells us its length; admins may set it too.
      duration = Math.max(1, Math.round(input.durationSeconds));
      await tx
        .update(topics)
        .set({ videoDurationSeconds: duration })
        .where(and(eq(topics.id, topic.id), sql`${topics.videoDurationSeconds} IS NULL`));
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
    const moduleRecord = completesTopic
      ? await recomputeModuleProgress(tx, viewer.id, topic.moduleId)
      : await currentModuleProgress(tx, viewer.id, topic.moduleId);
    return {
      updated,
      justCompleted,
      refused: input.event === 'ended' && !alreadyEnded && !justCompleted,
      moduleRecord,
    };
  });
  // The position is kept either way; only the claim that the video ended is refused.
  if (result.refused) {
    throw conflict('The video has not been watched to the end yet', 'video_not_watched');
  }
  return {
    progress: presentTopicProgress(topic, result.updated),
    justCompleted: result.justCompleted,
    moduleProgressPercentage: result.moduleRecord.progressPercentage,
  };
}

async function currentModuleProgress(
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

async function requireQuizOpen(db: Queryable, viewer: Viewer, topicId: string) {
  const access = await accessTopic(db, viewer, topicId);
  const { topic } = access;
  if (!topic.quizId) throw notFound('This topic has no quiz');
  const [row] = await db
    .select()
    .from(topicProgress)
    .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)));
  if (!isAdmin(viewer) && topic.videoPath && !row?.videoCompletedAt) {
    throw forbidden('Watch the video to the end to unlock the quiz', 'quiz_locked');
  }
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, topic.quizId));
  return { ...access, quiz: quiz!, progress: row };
}

function presentAttempt(row: typeof quizAttempts.$inferSelect) {
  return {
    id: row.id,
    score: row.score,
    passed: row.passed,
    pointsEarned: row.pointsEarned,
    pointsPossible: row.pointsPossible,
    createdAt: row.createdAt.toISOString(),
  };
}

async function loadQuestions(db: Queryable, quizId: string) {
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.order), asc(quizQuestions.id));
  const answers = questions.length
    ? await db
        .select()
        .from(quizAnswers)
        .where(
          inArray(
            quizAnswers.questionId,
            questions.map((q) => q.id),
          ),
        )
        .orderBy(asc(quizAnswers.order), asc(quizAnswers.id))
    : [];
  return questions.map((q) => ({ ...q, answers: answers.filter((a) => a.questionId === q.id) }));
}

/** The quiz without its answer key, with the viewer's attempts (newest first). */
export async function getQuiz(db: Queryable, viewer: Viewer, topicId: string): Promise<Quiz> {
  const { quiz, progress } = await requireQuizOpen(db, viewer, topicId);
  const questions = await loadQuestions(db, quiz.id);
  const attempts = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, viewer.id)))
    .orderBy(desc(quizAttempts.createdAt));
  return {
    id: quiz.id,
    topicId: quiz.topicId,
    title: quiz.title,
    description: quiz.description,
    passingScore: quiz.passingScore,
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      imagePath: q.imagePath,
      questionType: q.questionType,
      points: q.points,
      order: q.order,
      answers: q.answers.map((a) => ({ id: a.id, answerText: a.answerText, order: a.order })),
    })),
    attempts: attempts.map(presentAttempt),
    passed: Boolean(progress?.quizPassedAt),
  };
}

/** Grades an attempt against passingScore and stores it; a pass completes the topic (and opens the next). */
export async function submitQuizAttempt(
  db: Db,
  viewer: Viewer,
  topicId: string,
  input: QuizAttemptInput,
): Promise<QuizAttemptResult> {
  const { quiz, topic, nextTopicId } = await requireQuizOpen(db, viewer, topicId);
  const questions = await loadQuestions(db, quiz.id);
  if (questions.length === 0) throw badRequest('This quiz has no questions');
  const chosen = new Map(input.answers.map((a) => [a.questionId, a.answerId]));
  for (const questionId of chosen.keys()) {
    if (!questions.some((q) => q.id === questionId)) throw badRequest('An answer refers to another quiz');
  }
  let pointsEarned = 0;
  let pointsPossible = 0;
  const answers: { questionId: string; answerId: string | null }[] = [];
  for (const question of questions) {
    pointsPossible += question.points;
    const answerId = chosen.get(question.id) ?? null;
    if (answerId && !question.answers.some((a) => a.id === answerId)) {
      throw badRequest('An answer does not belong to its question');
    }
    answers.push({ questionId: question.id, answerId });
    if (question.answers.some((a) => a.id === answerId && a.isCorrect)) pointsEarned += question.points;
  }
  const score = pointsPossible > 0 ? Math.round((pointsEarned / pointsPossible) * 100) : 0;
  const passed = score >= quiz.passingScore;

  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({ quizId: quiz.id, userId: viewer.id, score, pointsEarned, pointsPossible, passed, answers })
      .returning();
    const row = await lockProgress(tx, viewer.id, topic.id);
    let moduleRecord: ProgressRecord;
    if (passed && !row?.completedAt) {
      const now = new Date();
      await tx
        .update(topicProgress)
        .set({
          quizPassedAt: row?.quizPassedAt ?? now,
          completedAt: now,
          openedAt: row?.openedAt ?? now,
          updatedAt: now,
        })
        .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)));
      moduleRecord = await recomputeModuleProgress(tx, viewer.id, topic.moduleId);
    } else {
      if (passed && !row?.quizPassedAt) {
        await tx
          .update(topicProgress)
          .set({ quizPassedAt: new Date() })
          .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)));
      }
      moduleRecord = await currentModuleProgress(tx, viewer.id, topic.moduleId);
    }
    return {
      ...presentAttempt(attempt!),
      passingScore: quiz.passingScore,
      topicCompleted: passed || Boolean(row?.completedAt),
      nextTopicId,
      moduleProgressPercentage: moduleRecord.progressPercentage,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Progress records and resource access

export async function listProgress(db: Queryable, viewer: Viewer): Promise<ProgressRecord[]> {
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
 * PUT /api/progress (DESIGN.md §4): only modules of the caller's courses, 0–100, never below the stored value.
 * The stored value is then the server's own derivation; claiming more than was earned changes nothing.
 */
export async function updateProgress(
  db: Db,
  viewer: Viewer,
  moduleId: string,
  claimed: number,
): Promise<ProgressRecord> {
  const [mod] = await db.select({ courseId: modules.courseId }).from(modules).where(eq(modules.id, moduleId));
  if (!mod || (!isAdmin(viewer) && !(await isEnrolled(db, viewer.id, mod.courseId)))) {
    throw notFound('Module not found');
  }
  return db.transaction(async (tx) => {
    const current = await currentModuleProgress(tx, viewer.id, moduleId);
    if (claimed < Number(current.progressPercentage)) {
      throw conflict('Progress cannot go backwards', 'progress_backwards');
    }
    return recomputeModuleProgress(tx, viewer.id, moduleId);
  });
}

export async function recordResourceAccess(
  db: Queryable,
  viewer: Viewer,
  topicId: string,
  type: ResourceType,
  sessionDuration: number,
): Promise<void> {
  const { topic } = await accessTopic(db, viewer, topicId);
  const path = type === 'video' ? topic.videoPath : topic.presentationPath;
  if (!path) throw notFound('Resource not found');
  await db
    .insert(resourceAccessEvents)
    .values({ userId: viewer.id, topicId, resourceType: type, sessionDuration });
}
