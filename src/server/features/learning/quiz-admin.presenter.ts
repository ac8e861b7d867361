import type { quizAnswers, quizQuestions, quizzes } from '#server/db/schema/index.ts';
import type { AdminQuiz } from '#shared/schemas/admin-content.ts';

/** A quiz as the content editor sees it: every question with its answers and which are right. */
export function presentQuiz(
  quiz: typeof quizzes.$inferSelect,
  questions: (typeof quizQuestions.$inferSelect)[],
  answers: (typeof quizAnswers.$inferSelect)[],
): AdminQuiz {
  return {
    id: quiz.id,
    topicId: quiz.topicId,
    title: quiz.title,
    description: quiz.description,
    passingScore: quiz.passingScore,
    maxAttempts: quiz.maxAttempts,
    cooldownMinutes: quiz.cooldownMinutes,
    shuffleAnswers: quiz.shuffleAnswers,
    showCorrectAnswers: quiz.showCorrectAnswers,
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      imagePath: q.imagePath,
      questionType: q.questionType,
      points: q.points,
      order: q.order,
      answers: answers
        .filter((a) => a.questionId === q.id)
        .map((a) => ({ id: a.id, answerText: a.answerText, isCorrect: a.isCorrect, order: a.order })),
    })),
  };
}
