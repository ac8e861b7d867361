import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { quizAnswers, quizQuestions, quizzes } from '#server/db/schema/index.ts';

// The quiz tables' reads, owned by learning and shared by the portal's quiz (quiz.service.ts) and the content
// editor's (quiz-admin.service.ts), so both see questions and answers in the same order.

export type QuizRow = typeof quizzes.$inferSelect;
type AnswerRow = typeof quizAnswers.$inferSelect;
export type QuestionWithAnswers = typeof quizQuestions.$inferSelect & { answers: AnswerRow[] };

export async function quizById(db: Queryable, quizId: string): Promise<QuizRow | undefined> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  return quiz;
}

/** A topic's quiz (a topic has at most one). */
export async function quizOfTopic(db: Queryable, topicId: string): Promise<QuizRow | undefined> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.topicId, topicId));
  return quiz;
}

/** A quiz's questions by their number, each with its answers by theirs (ties broken by id, so the order is stable). */
export async function quizQuestionsOf(db: Queryable, quizId: string): Promise<QuestionWithAnswers[]> {
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

/** The image paths a quiz's questions point at (to release when they are replaced or the quiz is deleted). */
export async function quizImagePaths(db: Queryable, quizId: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ path: quizQuestions.imagePath })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId));
  return rows.map((r) => r.path);
}
