import { createHash } from 'node:crypto';
import { and, count, desc, eq, max } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { quizAttempts, topicProgress } from '#server/db/schema/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/lib/http.error.ts';
import {
  type ProgressRecord,
  QUIZ_ATTEMPTS_EXHAUSTED,
  QUIZ_COOLDOWN,
  type Quiz,
  type QuizAttemptInput,
  type QuizAttemptResult,
  type QuizQuestionResult,
} from '#shared/schemas/learning.ts';
import { accessTopic, isAdmin, type LearningDeps, lockProgress, topicCompleted } from './learning.service.ts';
import { publishLearning } from './learning-events.handler.ts';
import { currentModuleProgress } from './progress.service.ts';
import { presentAttempt, questionFields, quizFields } from './quiz.presenter.ts';
import { type QuizRow, quizById, quizQuestionsOf } from './quiz.repo.ts';

// Quizzes are graded here, never in the browser (no answer keys leave the server), under the quiz's attempt rules
// (README 'Quizzes'): a maximum number of attempts until an admin resets them, a cooldown after each attempt,
// answers in a fresh order per attempt, and the right answers shown only after a pass when the quiz allows it.
// Admins previewing the portal are not held to the limits.

async function requireQuizOpen(deps: LearningDeps, viewer: Principal, topicId: string) {
  const { db } = deps;
  const access = await accessTopic(deps, viewer, topicId);
  const { topic } = access;
  if (!topic.quizId) throw notFound('This topic has no quiz');
  const [row] = await db
    .select()
    .from(topicProgress)
    .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)));
  if (!isAdmin(viewer) && topic.videoPath && !row?.videoCompletedAt) {
    throw forbidden('Watch the video to the end to unlock the quiz', 'QUIZ_LOCKED');
  }
  const quiz = await quizById(db, topic.quizId);
  return { ...access, quiz: quiz!, progress: row };
}

/**
 * The answers in an order fixed by (student, question, attempt number): the same on a reload, different on the
 * next attempt, and nothing to store.
 */
export function shuffledFor<T>(items: T[], seed: string): T[] {
  const out = [...items];
  let state = createHash('sha256').update(seed).digest();
  let offset = 0;
  const next = () => {
    if (offset + 4 > state.length) {
      state = createHash('sha256').update(state).digest();
      offset = 0;
    }
    const value = state.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface AttemptState {
  used: number;
  lastAt: Date | null;
}

async function attemptState(db: Queryable, quizId: string, userId: string): Promise<AttemptState> {
  const [row] = await db
    .select({ used: count(), lastAt: max(quizAttempts.createdAt) })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, userId)));
  const lastAt = row?.lastAt ? new Date(row.lastAt) : null;
  return { used: Number(row?.used ?? 0), lastAt };
}

function remaining(quiz: QuizRow, state: AttemptState, viewer: Principal): number | null {
  if (quiz.maxAttempts === null || isAdmin(viewer)) return null;
  return Math.max(0, quiz.maxAttempts - state.used);
}

function nextAttemptAt(quiz: QuizRow, state: AttemptState, viewer: Principal, now = new Date()): Date | null {
  if (!quiz.cooldownMinutes || !state.lastAt || isAdmin(viewer)) return null;
  const opens = new Date(state.lastAt.getTime() + quiz.cooldownMinutes * 60_000);
  return opens > now ? opens : null;
}

/** Throws the 409 of a refused attempt; call with the attempt state read under the progress row's lock. */
function checkAttemptAllowed(quiz: QuizRow, state: AttemptState, viewer: Principal, now: Date) {
  const left = remaining(quiz, state, viewer);
  if (left === 0) {
    throw conflict(
      'You have used all your attempts at this quiz. Ask your tutor to reset them.',
      QUIZ_ATTEMPTS_EXHAUSTED,
      { maxAttempts: quiz.maxAttempts, attemptsUsed: state.used },
    );
  }
  const opens = nextAttemptAt(quiz, state, viewer, now);
  if (opens) {
    throw conflict('You can try this quiz again after the cooldown', QUIZ_COOLDOWN, {
      nextAttemptAt: opens.toISOString(),
    });
  }
}

/** The quiz without its answer key, with the viewer's attempts (newest first) and what the rules allow next. */
export async function getQuiz(deps: LearningDeps, viewer: Principal, topicId: string): Promise<Quiz> {
  const { db } = deps;
  const { quiz, progress } = await requireQuizOpen(deps, viewer, topicId);
  const questions = await quizQuestionsOf(db, quiz.id);
  const attempts = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, viewer.id)))
    .orderBy(desc(quizAttempts.createdAt));
  const state: AttemptState = { used: attempts.length, lastAt: attempts[0]?.createdAt ?? null };
  const attemptNumber = attempts.length + 1;
  return {
    ...quizFields(quiz),
    questions: questions.map((q) => ({
      ...questionFields(q),
      answers: (quiz.shuffleAnswers
        ? shuffledFor(q.answers, `${viewer.id}:${q.id}:${attemptNumber}`)
        : q.answers
      ).map((a) => ({ id: a.id, answerText: a.answerText, order: a.order })),
    })),
    attempts: attempts.map(presentAttempt),
    passed: Boolean(progress?.quizPassedAt),
    maxAttempts: quiz.maxAttempts,
    attemptsRemaining: remaining(quiz, state, viewer),
    cooldownMinutes: quiz.cooldownMinutes,
    nextAttemptAt: nextAttemptAt(quiz, state, viewer)?.toISOString() ?? null,
    shuffleAnswers: quiz.shuffleAnswers,
  };
}

/**
 * Grades an attempt against passingScore and stores it; a pass completes the topic (and opens the next). The
 * student's progress row for the topic is locked first, so concurrent attempts are counted one after another
 * and a maximum of N attempts stores N, never more.
 */
export async function submitQuizAttempt(
  deps: LearningDeps,
  viewer: Principal,
  topicId: string,
  input: QuizAttemptInput,
): Promise<QuizAttemptResult> {
  const { db } = deps;
  const { quiz, topic, nextTopicId } = await requireQuizOpen(deps, viewer, topicId);
  const questions = await quizQuestionsOf(db, quiz.id);
  if (questions.length === 0) throw badRequest('This quiz has no questions');
  const chosen = new Map(input.answers.map((a) => [a.questionId, a.answerId]));
  for (const questionId of chosen.keys()) {
    if (!questions.some((q) => q.id === questionId)) throw badRequest('An answer refers to another quiz');
  }
  let pointsEarned = 0;
  let pointsPossible = 0;
  const answers: { questionId: string; answerId: string | null }[] = [];
  const graded: { questionId: string; correct: boolean; correctAnswerId: string | null }[] = [];
  for (const question of questions) {
    pointsPossible += question.points;
    const answerId = chosen.get(question.id) ?? null;
    if (answerId && !question.answers.some((a) => a.id === answerId)) {
      throw badRequest('An answer does not belong to its question');
    }
    answers.push({ questionId: question.id, answerId });
    const correct = question.answers.some((a) => a.id === answerId && a.isCorrect);
    if (correct) pointsEarned += question.points;
    graded.push({
      questionId: question.id,
      correct,
      correctAnswerId: question.answers.find((a) => a.isCorrect)?.id ?? null,
    });
  }
  const score = pointsPossible > 0 ? Math.round((pointsEarned / pointsPossible) * 100) : 0;
  const passed = score >= quiz.passingScore;

  const result = await db.transaction(async (tx) => {
    const row = await lockProgress(tx, viewer.id, topic.id);
    const now = new Date();
    const before = await attemptState(tx, quiz.id, viewer.id);
    checkAttemptAllowed(quiz, before, viewer, now);
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({ quizId: quiz.id, userId: viewer.id, score, pointsEarned, pointsPossible, passed, answers })
      .returning();
    await publishLearning(tx, deps.subscribers, {
      kind: 'studied',
      userId: viewer.id,
      source: 'quiz',
      sourceRef: quiz.id,
      questions: questions.length,
      description: `Quiz: ${topic.title}`,
    });
    let moduleRecord: ProgressRecord;
    if (passed && !row?.completedAt) {
      await tx
        .update(topicProgress)
        .set({
          quizPassedAt: row?.quizPassedAt ?? now,
          completedAt: now,
          openedAt: row?.openedAt ?? now,
          updatedAt: now,
        })
        .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)));
      moduleRecord = await topicCompleted(tx, deps.subscribers, viewer.id, topic);
    } else {
      if (passed && !row?.quizPassedAt) {
        await tx
          .update(topicProgress)
          .set({ quizPassedAt: now })
          .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topic.id)));
      }
      moduleRecord = await currentModuleProgress(tx, viewer.id, topic.moduleId);
    }
    const after: AttemptState = { used: before.used + 1, lastAt: attempt!.createdAt };
    const reveal = passed && quiz.showCorrectAnswers;
    return {
      ...presentAttempt(attempt!),
      passingScore: quiz.passingScore,
      topicCompleted: passed || Boolean(row?.completedAt),
      nextTopicId,
      moduleProgressPercentage: moduleRecord.progressPercentage,
      questions: graded.map(
        (g): QuizQuestionResult => (reveal ? g : { questionId: g.questionId, correct: g.correct }),
      ),
      attemptsRemaining: remaining(quiz, after, viewer),
      nextAttemptAt: nextAttemptAt(quiz, after, viewer, now)?.toISOString() ?? null,
      finished: passed && !row?.completedAt,
    };
  });
  const { finished, ...attemptResult } = result;
  if (finished) await learnerChanged(deps.database, viewer.id);
  return attemptResult;
}
