import type { quizAttempts } from '#server/db/schema/index.ts';
import type { AdminQuiz } from '#shared/schemas/admin-content.ts';
import type { QuestionWithAnswers, QuizRow } from './quiz.repo.ts';

/** What the portal and the content editor both show of a question (the answers differ: only the editor gets the key). */
export function questionFields(q: QuestionWithAnswers) {
  return {
    id: q.id,
    question: q.question,
    imagePath: q.imagePath,
    questionType: q.questionType,
    points: q.points,
    order: q.order,
  };
}

/** What the portal and the content editor both show of the quiz itself. */
export function quizFields(quiz: QuizRow) {
  return {
    id: quiz.id,
    topicId: quiz.topicId,
    title: quiz.title,
    description: quiz.description,
    passingScore: quiz.passingScore,
  };
}

export function presentAttempt(row: typeof quizAttempts.$inferSelect) {
  return {
    id: row.id,
    score: row.score,
    passed: row.passed,
    pointsEarned: row.pointsEarned,
    pointsPossible: row.pointsPossible,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A quiz as the content editor sees it: every question with its answers and which are right. */
export function presentQuizForEditor(quiz: QuizRow, questions: QuestionWithAnswers[]): AdminQuiz {
  return {
    ...quizFields(quiz),
    maxAttempts: quiz.maxAttempts,
    cooldownMinutes: quiz.cooldownMinutes,
    shuffleAnswers: quiz.shuffleAnswers,
    showCorrectAnswers: quiz.showCorrectAnswers,
    questions: questions.map((q) => ({
      ...questionFields(q),
      answers: q.answers.map((a) => ({
        id: a.id,
        answerText: a.answerText,
        isCorrect: a.isCorrect,
        order: a.order,
      })),
    })),
  };
}
