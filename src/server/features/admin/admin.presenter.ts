import type {
  liveSessions,
  modules,
  quizAnswers,
  quizQuestions,
  quizzes,
  topics,
} from '#server/db/schema/index.ts';
import type { AdminModule, AdminQuiz, AdminTopic } from '#shared/schemas/admin-content.ts';
import type { AdminLiveSession } from '#shared/schemas/admin-sessions.ts';

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function presentModule(row: typeof modules.$inferSelect, topicCount: number): AdminModule {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    order: row.order,
    duration: row.duration,
    topicCount,
  };
}

export function presentTopic(
  row: typeof topics.$inferSelect,
  quiz: { id: string; title: string; questionCount: number } | null,
  scormPackage: AdminTopic['package'] = null,
): AdminTopic {
  return {
    id: row.id,
    moduleId: row.moduleId,
    title: row.title,
    description: row.description,
    order: row.order,
    videoPath: row.videoPath,
    presentationPath: row.presentationPath,
    captionsPath: row.captionsPath,
    quiz,
    package: scormPackage,
  };
}

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

export function presentLiveSession(
  row: typeof liveSessions.$inferSelect,
  attendees: AdminLiveSession['attendees'],
): AdminLiveSession {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    sessionType: row.sessionType,
    location: row.location,
    status: row.status,
    courseId: row.courseId,
    attendees,
  };
}
