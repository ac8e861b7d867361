import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '#server/db/client.ts';
import { quizAnswers, quizQuestions, quizzes, topics } from '#server/db/schema/index.ts';
import { attachImage, imagePath, type MediaDeps, releaseObjects } from '#server/features/media/index.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import type { AdminQuiz, quizInputSchema } from '#shared/schemas/admin-content.ts';
import { presentQuizForEditor } from './quiz.presenter.ts';
import { quizImagePaths, quizOfTopic, quizQuestionsOf } from './quiz.repo.ts';

type QuizInput = z.output<typeof quizInputSchema>;

/** The quiz row's values: the rules given at the top level win over those inside `quiz`. */
function quizValues(input: QuizInput) {
  const { quiz } = input;
  const pick = <K extends 'maxAttempts' | 'cooldownMinutes' | 'shuffleAnswers' | 'showCorrectAnswers'>(
    key: K,
  ) => (input[key] !== undefined ? input[key] : quiz[key]);
  return {
    title: quiz.title,
    description: quiz.description,
    passingScore: quiz.passingScore,
    maxAttempts: pick('maxAttempts'),
    cooldownMinutes: pick('cooldownMinutes'),
    shuffleAnswers: pick('shuffleAnswers'),
    showCorrectAnswers: pick('showCorrectAnswers'),
  };
}

export async function getQuiz(db: Db, topicId: string): Promise<AdminQuiz> {
  const quiz = await quizOfTopic(db, topicId);
  if (!quiz) throw notFound('Quiz not found');
  return presentQuizForEditor(quiz, await quizQuestionsOf(db, quiz.id));
}

/** Questions are numbered from 1, each worth 1 point, multiple choice; answers numbered from 1 (docs/product.md#data). */
async function writeQuestions(
  tx: Queryable,
  quizId: string,
  input: QuizInput,
  owned = new Set<string | null>(),
) {
  for (const [index, q] of input.questions.entries()) {
    const image = owned.has(q.imagePath) ? q.imagePath : (imagePath(q.imagePath) ?? null);
    const [question] = await tx
      .insert(quizQuestions)
      .values({ quizId, question: q.question, imagePath: image, order: index + 1 })
      .returning({ id: quizQuestions.id });
    await tx.insert(quizAnswers).values(
      q.answers.map((a, i) => ({
        questionId: question!.id,
        answerText: a.answerText,
        isCorrect: a.isCorrect,
        order: i + 1,
      })),
    );
    // Images the quiz already had stay claimed; new ones are claimed now.
    if (!owned.has(image)) await attachImage(tx, image);
  }
}

export async function createQuiz(db: Db, topicId: string, input: QuizInput): Promise<AdminQuiz> {
  await db.transaction(async (tx) => {
    const [topic] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId));
    if (!topic) throw notFound('Topic not found');
    const [quiz] = await tx
      .insert(quizzes)
      .values({ topicId, ...quizValues(input) })
      .onConflictDoNothing()
      .returning({ id: quizzes.id });
    if (!quiz) throw conflict('This topic already has a quiz; edit it instead');
    await writeQuestions(tx, quiz.id, input);
  });
  return getQuiz(db, topicId);
}

/** Replaces the quiz's questions; images no longer used are released. */
export async function updateQuiz(deps: MediaDeps, topicId: string, input: QuizInput): Promise<AdminQuiz> {
  const released = await deps.db.transaction(async (tx) => {
    const quiz = await quizOfTopic(tx, topicId);
    if (!quiz) throw notFound('Quiz not found');
    const old = await quizImagePaths(tx, quiz.id);
    await tx
      .update(quizzes)
      .set({ ...quizValues(input), updatedAt: new Date() })
      .where(eq(quizzes.id, quiz.id));
    await tx.delete(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
    const owned = new Set(old.filter(Boolean));
    await writeQuestions(tx, quiz.id, input, owned);
    const kept = new Set(input.questions.map((q) => q.imagePath));
    return old.filter((p) => p && !kept.has(p));
  });
  await releaseObjects(deps, released);
  return getQuiz(deps.db, topicId);
}

export async function deleteQuiz(deps: MediaDeps, topicId: string): Promise<void> {
  const released = await deps.db.transaction(async (tx) => {
    const quiz = await quizOfTopic(tx, topicId);
    if (!quiz) throw notFound('Quiz not found');
    const images = await quizImagePaths(tx, quiz.id);
    await tx.delete(quizzes).where(eq(quizzes.id, quiz.id));
    return images;
  });
  await releaseObjects(deps, released);
}
