import { z } from 'zod';
import { text } from './common.ts';

export const userCourseSchema = z.object({
  id: text(),
  title: text(),
  courseType: z.enum(['fundamental', 'upskill']),
  isActive: z.boolean(),
});
export const userCoursesResponseSchema = z.array(userCourseSchema);
export type UserCourse = z.infer<typeof userCourseSchema>;

const uuid = z.uuid();

export const courseQuerySchema = z.object({ courseId: uuid.optional() });
export const idParamsSchema = z.object({ id: uuid });

/** A module as the portal lists it, with this student's derived progress and lock state. */
export const learningModuleSchema = z.object({
  id: text(),
  courseId: text(),
  title: text(),
  description: text(),
  order: z.number(),
  duration: z.number(),
  topicCount: z.number(),
  completedTopics: z.number(),
  /** Numeric string, as stored ("50.00"). */
  progressPercentage: text(),
  isCompleted: z.boolean(),
  isLocked: z.boolean(),
});
export type LearningModule = z.infer<typeof learningModuleSchema>;
export const modulesResponseSchema = z.array(learningModuleSchema);

export const topicSummarySchema = z.object({
  id: text(),
  moduleId: text(),
  title: text(),
  description: text(),
  order: z.number(),
  hasVideo: z.boolean(),
  hasPresentation: z.boolean(),
  hasQuiz: z.boolean(),
  isLocked: z.boolean(),
  isCompleted: z.boolean(),
  videoCompleted: z.boolean(),
});
export type TopicSummary = z.infer<typeof topicSummarySchema>;
export const topicsResponseSchema = z.array(topicSummarySchema);

export const topicProgressSchema = z.object({
  videoPositionSeconds: z.number(),
  videoWatchedSeconds: z.number(),
  /** The video has ended (or the topic has none). */
  videoCompleted: z.boolean(),
  /** The quiz may be taken: the video has ended, or an admin is previewing the portal. */
  quizUnlocked: z.boolean(),
  quizPassed: z.boolean(),
  completed: z.boolean(),
});
export type TopicProgress = z.infer<typeof topicProgressSchema>;

export const topicDetailSchema = z.object({
  id: text(),
  moduleId: text(),
  courseId: text(),
  title: text(),
  description: text(),
  order: z.number(),
  videoPath: text().nullable(),
  videoDurationSeconds: z.number().nullable(),
  presentationPath: text().nullable(),
  presentationKind: z.enum(['pdf', 'slides']).nullable(),
  /** The video's WebVTT captions (README 'Accessibility'); null when it has none. */
  captionsUrl: text().nullable(),
  hasQuiz: z.boolean(),
  /** A SCORM package plays in the topic (README 'SCORM packages'). */
  hasPackage: z.boolean(),
  nextTopicId: text().nullable(),
  progress: topicProgressSchema,
});
export type TopicDetail = z.infer<typeof topicDetailSchema>;

export const VIDEO_EVENTS = ['play', 'progress', 'pause', 'leave', 'ended'] as const;
export const videoProgressSchema = z.strictObject({
  positionSeconds: z.number().min(0).max(86_400),
  /** What the player reports as the video's length; stored once when the topic has none. */
  durationSeconds: z.number().positive().max(86_400).optional(),
  event: z.enum(VIDEO_EVENTS),
});
export type VideoProgressInput = z.infer<typeof videoProgressSchema>;

export const videoProgressResponseSchema = z.object({
  progress: topicProgressSchema,
  /** True when this report is the one that completed the video. */
  justCompleted: z.boolean(),
  moduleProgressPercentage: text(),
});
export type VideoProgressResponse = z.infer<typeof videoProgressResponseSchema>;

// Students get questions and answer choices, never which answer is correct.
export const quizAnswerChoiceSchema = z.object({ id: text(), answerText: text(), order: z.number() });
export const quizQuestionSchema = z.object({
  id: text(),
  question: text(),
  imagePath: text().nullable(),
  questionType: text(),
  points: z.number(),
  order: z.number(),
  answers: z.array(quizAnswerChoiceSchema),
});
export const quizAttemptSummarySchema = z.object({
  id: text(),
  score: z.number(),
  passed: z.boolean(),
  pointsEarned: z.number(),
  pointsPossible: z.number(),
  createdAt: text(),
});
export const quizSchema = z.object({
  id: text(),
  topicId: text(),
  title: text(),
  description: text(),
  passingScore: z.number(),
  questions: z.array(quizQuestionSchema),
  attempts: z.array(quizAttemptSummarySchema),
  passed: z.boolean(),
  /** Null: unlimited. */
  maxAttempts: z.number().nullable(),
  /** Null: unlimited; 0: none left until an admin resets this student's attempts. */
  attemptsRemaining: z.number().nullable(),
  cooldownMinutes: z.number(),
  /** ISO time the next attempt opens, when a cooldown is running; else null. */
  nextAttemptAt: text().nullable(),
  /** The answer choices are in a fresh order for each attempt. */
  shuffleAnswers: z.boolean(),
});
export type Quiz = z.infer<typeof quizSchema>;

/** Which questions an attempt got right; the right answer only after a pass when the quiz shows it. */
export const quizQuestionResultSchema = z.object({
  questionId: text(),
  correct: z.boolean(),
  correctAnswerId: text().nullable().optional(),
});
export type QuizQuestionResult = z.infer<typeof quizQuestionResultSchema>;

/** 409 bodies of a refused attempt: QUIZ_ATTEMPTS_EXHAUSTED or QUIZ_COOLDOWN (with nextAttemptAt). */
export const QUIZ_ATTEMPTS_EXHAUSTED = 'QUIZ_ATTEMPTS_EXHAUSTED';
export const QUIZ_COOLDOWN = 'QUIZ_COOLDOWN';

export const quizAttemptSchema = z.strictObject({
  answers: z.array(z.strictObject({ questionId: uuid, answerId: uuid.nullable() })).max(500),
});
export type QuizAttemptInput = z.infer<typeof quizAttemptSchema>;
export const quizAttemptResultSchema = quizAttemptSummarySchema.extend({
  passingScore: z.number(),
  topicCompleted: z.boolean(),
  nextTopicId: text().nullable(),
  moduleProgressPercentage: text(),
  questions: z.array(quizQuestionResultSchema),
  attemptsRemaining: z.number().nullable(),
  nextAttemptAt: text().nullable(),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

export const progressRecordSchema = z.object({
  moduleId: text(),
  progressPercentage: text(),
  isCompleted: z.boolean(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;
export const progressResponseSchema = z.array(progressRecordSchema);

// docs/product.md#portal: the route stays, validated; the value cannot go down, and the server's derived value is what
// is stored (a claim above what was earned is not honoured).
export const updateProgressSchema = z.strictObject({
  moduleId: uuid,
  progressPercentage: z
    .union([
      z.number(),
      text()
        .regex(/^\d{1,3}(\.\d{1,2})?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(0, 'progressPercentage must be 0–100').max(100, 'progressPercentage must be 0–100')),
});

export const RESOURCE_TYPES = ['video', 'presentation'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** A topic's video or presentation as one resource id, `${topicId}-video`; admin analytics uses the same ids. */
export function resourceId(topicId: string, type: ResourceType): string {
  return `${topicId}-${type}`;
}
const RESOURCE_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(video|presentation)$/i;
export function parseResourceId(id: string): { topicId: string; type: ResourceType } | null {
  const match = RESOURCE_ID.exec(id);
  return match ? { topicId: match[1]!.toLowerCase(), type: match[2] as ResourceType } : null;
}
export const resourceAccessSchema = z.strictObject({
  sessionDuration: z.number().int().min(0).max(86_400).optional(),
});
