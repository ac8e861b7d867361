// The learning feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').

// For the SCORM feature: a package's run completes its topic as a quiz pass does.
export { LearningCache } from './learning.cache.ts';
export { learningRoutes } from './learning.routes.ts';
export {
  accessTopic,
  type LearningDeps,
  lockProgress,
  topicCompleted,
} from './learning.service.ts';
// For the composition root and the features that react to learning (a certificate, off-the-job time).
export type { LearningSubscriber } from './learning-events.handler.ts';
// For the staff's course lists, certificates and reviews: enrolments and progress as learning records them.
export { courseActivity, courseTopicProgress, enrolledStudents } from './progress.repo.ts';
// For the admin console's content editor: a topic's quiz, written and read back with its answer key.
export { createQuiz, deleteQuiz, getQuiz, updateQuiz } from './quiz-admin.service.ts';
export { userCoursesRoutes } from './user-courses.routes.ts';
