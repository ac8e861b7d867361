import { z } from 'zod';
import {
  COURSE_TYPES,
  DEFAULT_COURSE_PRICE,
  DEFAULT_COURSE_WEEKS,
  DEFAULT_PASSING_SCORE,
} from '../constants.ts';
import { decimalToPence } from '../format.ts';
import { courseSchema } from './catalog.ts';
import { text } from './common.ts';

export const QUIZ_TITLE_REQUIRED = 'Quiz title is required';
export const QUIZ_QUESTION_REQUIRED = 'At least one valid question with correct answer is required';
export const PASSING_SCORE_RANGE = 'Passing score must be between 1 and 100';
export const ORDER_MIN = 'Order must be a whole number of at least 0';
export const MAX_ATTEMPTS_RANGE =
  'Maximum attempts must be a whole number from 1 to 100, or blank for unlimited';
export const COOLDOWN_RANGE = 'Cooldown must be a whole number of minutes from 0 to 10080 (one week)';

const required = (message: string, max = 200) => text().trim().min(1, message).max(max);
/** Blank → the default; otherwise a whole number ≥ 0. */
const wholeNumber = (message: string, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? fallback : typeof v === 'string' ? Number(v) : v),
    z.number(message).int(message).min(0, message).max(1_000_000, message),
  );
const money = (message: string) =>
  z.union([text(), z.number()]).transform((v, ctx) => {
    const pence = decimalToPence(v);
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return pence;
  });
const optionalMoney = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), money(message).nullable());
const list = z
  .array(text().trim().max(300))
  .max(50)
  .optional()
  .default([])
  .transform((items) => items.filter(Boolean));
const imagePath = text().trim().max(500).nullable().optional();

/** Create / edit course (docs/product.md#data, #validation; money and weeks: #formatting). */
export const courseInputSchema = z.strictObject({
  title: required('Title is required'),
  description: required('Description is required', 5000),
  courseType: z.enum(COURSE_TYPES).optional().default('fundamental'),
  /** The form's level: Fundamental → beginner, UpSkill → intermediate. */
  difficulty: text().trim().max(40).optional().default('beginner'),
  order: wholeNumber('Display order must be a whole number of at least 0', 0),
  /** Digits only (the form strips everything else); blank → none. */
  avgSalary: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.replace(/\D/g, '') || null : v),
    z.coerce.number().int().min(0).max(10_000_000).nullable(),
  ),
  price: z.preprocess(
    (v) => (v === '' || v === undefined ? DEFAULT_COURSE_PRICE : v),
    money('Price must be an amount in pounds, e.g. 99.99'),
  ),
  originalPrice: optionalMoney('Original price must be an amount in pounds, e.g. 149.99'),
  monthlyPrice: optionalMoney('Monthly price must be an amount in pounds, e.g. 19.99'),
  instalments: z.preprocess(
    (v) => (v === '' || v === undefined ? 6 : typeof v === 'string' ? Number(v) : v),
    z
      .number()
      .int()
      .min(1, 'Instalments must be between 1 and 24')
      .max(24, 'Instalments must be between 1 and 24'),
  ),
  estimatedDuration: wholeNumber(
    'Duration must be a whole number of weeks, at least 0',
    DEFAULT_COURSE_WEEKS,
  ),
  isActive: z.boolean().optional().default(true),
  isFeatured: z.boolean().optional().default(false),
  /** Show the real enrolment count on the public pages (docs/product.md#public-site); unchanged when absent. */
  showEnrolmentCount: z.boolean().optional(),
  headerImagePath: imagePath,
  featuredImagePath: imagePath,
  whatYouLearn: list,
  requirements: list,
  careerOutcomes: list,
});
export type CourseInput = z.input<typeof courseInputSchema>;

export const moduleInputSchema = z.strictObject({
  title: required('Title is required'),
  description: required('Description is required', 5000),
  order: wholeNumber(ORDER_MIN, 0),
  /** Minutes (the form converts HH:MM on blur). */
  duration: wholeNumber('Duration must be a whole number of minutes', 0),
  courseId: text().optional(),
});

export const topicInputSchema = z.strictObject({
  title: required('Title is required'),
  description: required('Description is required', 5000),
  order: wholeNumber(ORDER_MIN, 0),
  moduleId: text().optional(),
});

const answerInput = z.object({
  answerText: text().max(1000).optional().default(''),
  isCorrect: z.boolean().optional().default(false),
});
const questionInput = z.object({
  question: text().max(2000).optional().default(''),
  imagePath: text().trim().max(500).nullable().optional(),
  answers: z.array(answerInput).max(10).optional().default([]),
});

/** A question counts when it has text, at least one non-empty answer and exactly one marked correct. */
export function cleanQuestions(questions: z.output<typeof questionInput>[]) {
  return questions
    .map((q) => ({
      question: q.question.trim(),
      imagePath: q.imagePath || null,
      answers: q.answers
        .map((a) => ({ answerText: a.answerText.trim(), isCorrect: a.isCorrect }))
        .filter((a) => a.answerText),
    }))
    .filter((q) => q.question && q.answers.length > 0 && q.answers.filter((a) => a.isCorrect).length === 1);
}

/** Blank or null → unlimited; else 1–100. Forms send strings, API clients numbers. */
const maxAttempts = z.preprocess(
  (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number(MAX_ATTEMPTS_RANGE)
    .int(MAX_ATTEMPTS_RANGE)
    .min(1, MAX_ATTEMPTS_RANGE)
    .max(100, MAX_ATTEMPTS_RANGE)
    .nullable()
    .optional(),
);
const cooldownMinutes = z.preprocess(
  (v) => (v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
  z.number(COOLDOWN_RANGE).int(COOLDOWN_RANGE).min(0, COOLDOWN_RANGE).max(10_080, COOLDOWN_RANGE).optional(),
);
/**
 * The attempt rules (README 'Quizzes'). Left out on an edit, a rule keeps its stored value; on a new quiz it takes
 * the column default (unlimited, no cooldown, fixed order, answers not shown).
 */
const quizRules = {
  maxAttempts,
  cooldownMinutes,
  shuffleAnswers: z.boolean().optional(),
  showCorrectAnswers: z.boolean().optional(),
};

/**
 * Create / edit quiz (docs/product.md#validation): invalid questions are dropped; at least one must remain. The attempt rules
 * sit in `quiz` beside passingScore; the top level accepts them too (a rule given there wins).
 */
export const quizInputSchema = z.strictObject({
  quiz: z.strictObject({
    title: text().trim().min(1, QUIZ_TITLE_REQUIRED).max(200),
    description: text().trim().max(2000).optional().default(''),
    passingScore: z.preprocess(
      (v) =>
        v === '' || v === null || v === undefined
          ? DEFAULT_PASSING_SCORE
          : typeof v === 'string'
            ? Number(v)
            : v,
      z
        .number(PASSING_SCORE_RANGE)
        .int(PASSING_SCORE_RANGE)
        .min(1, PASSING_SCORE_RANGE)
        .max(100, PASSING_SCORE_RANGE),
    ),
    ...quizRules,
  }),
  questions: z
    .array(questionInput)
    .max(200)
    .transform(cleanQuestions)
    .refine((qs) => qs.length > 0, QUIZ_QUESTION_REQUIRED),
  ...quizRules,
});

export const adminCourseSchema = courseSchema.extend({
  moduleCount: z.number().int(),
  enrolmentCount: z.number().int(),
  /** Topics with a video, and how many of those have captions (README 'Accessibility'). */
  videoCount: z.number().int(),
  captionedVideoCount: z.number().int(),
  showEnrolmentCount: z.boolean(),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

export const adminModuleSchema = z.object({
  id: text(),
  courseId: text(),
  title: text(),
  description: text(),
  order: z.number().int(),
  duration: z.number().int(),
  topicCount: z.number().int(),
});
export type AdminModule = z.infer<typeof adminModuleSchema>;

export const adminTopicSchema = z.object({
  id: text(),
  moduleId: text(),
  title: text(),
  description: text(),
  order: z.number().int(),
  videoPath: text().nullable(),
  presentationPath: text().nullable(),
  captionsPath: text().nullable(),
  quiz: z.object({ id: text(), title: text(), questionCount: z.number().int() }).nullable(),
  /** The SCORM package the topic plays (README 'SCORM packages'), or null. */
  package: z.object({ version: z.enum(['1.2', '2004']), title: text() }).nullable(),
});
export type AdminTopic = z.infer<typeof adminTopicSchema>;

export const adminQuizSchema = z.object({
  id: text(),
  topicId: text(),
  title: text(),
  description: text(),
  passingScore: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  cooldownMinutes: z.number().int(),
  shuffleAnswers: z.boolean(),
  showCorrectAnswers: z.boolean(),
  questions: z.array(
    z.object({
      id: text(),
      question: text(),
      imagePath: text().nullable(),
      questionType: text(),
      points: z.number().int(),
      order: z.number().int(),
      answers: z.array(
        z.object({ id: text(), answerText: text(), isCorrect: z.boolean(), order: z.number().int() }),
      ),
    }),
  ),
});
export type AdminQuiz = z.infer<typeof adminQuizSchema>;

/**
 * GET /api/admin/courses/:id/progress: each enrolled student's progress through the course, for admins and the
 * course's instructors (docs/staff.md).
 */
export const courseProgressSchema = z.object({
  students: z.array(
    z.object({
      userId: text(),
      name: text(),
      email: text(),
      enrolledAt: text(),
      completedTopics: z.number().int(),
      totalTopics: z.number().int(),
      /** Whole percent of the course's topics completed. */
      percentage: z.number().int(),
      lastActivityAt: text().nullable(),
    }),
  ),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;
