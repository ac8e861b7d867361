import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses, modules, topics } from './catalog.ts';
import { timestamps, users } from './users.ts';

export const quizzes = pgTable('quizzes', {
  id: uuid('id').primaryKey().defaultRandom(),
  topicId: uuid('topic_id')
    .notNull()
    .unique()
    .references(() => topics.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  passingScore: integer('passing_score').notNull().default(80),
  // Attempt rules (docs in README 'Quizzes'): null = unlimited attempts; minutes to wait after a failed attempt;
  // answer order shuffled per attempt; after a pass, show which answer was right.
  maxAttempts: integer('max_attempts'),
  cooldownMinutes: integer('cooldown_minutes').notNull().default(0),
  shuffleAnswers: boolean('shuffle_answers').notNull().default(false),
  showCorrectAnswers: boolean('show_correct_answers').notNull().default(false),
  ...timestamps,
});

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    imagePath: text('image_path'),
    questionType: text('question_type').notNull().default('multiple_choice'),
    points: integer('points').notNull().default(1),
    order: integer('order').notNull().default(1),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.order)],
);

export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    answerText: text('answer_text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    order: integer('order').notNull().default(1),
  },
  (t) => [index('quiz_answers_question_idx').on(t.questionId, t.order)],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Percentage 0–100 of points earned.
    score: integer('score').notNull(),
    pointsEarned: integer('points_earned').notNull(),
    pointsPossible: integer('points_possible').notNull(),
    passed: boolean('passed').notNull(),
    answers: jsonb('answers').$type<{ questionId: string; answerId: string | null }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quiz_attempts_user_quiz_idx').on(t.userId, t.quizId, t.createdAt)],
);

export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Restrict: a course with enrolled students cannot be deleted (deactivate it instead).
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['purchase', 'admin', 'seed', 'team'] })
      .notNull()
      .default('admin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('enrolments_user_course_uq').on(t.userId, t.courseId),
    index('enrolments_course_idx').on(t.courseId),
  ],
);

/** What one student has done in one topic; the server is the only writer. */
export const topicProgress = pgTable(
  'topic_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    videoPositionSeconds: real('video_position_seconds').notNull().default(0),
    // Watched time accumulated from plausible position reports; "ended" needs enough of it.
    videoWatchedSeconds: real('video_watched_seconds').notNull().default(0),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    videoCompletedAt: timestamp('video_completed_at', { withTimezone: true }),
    quizPassedAt: timestamp('quiz_passed_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] }), index('topic_progress_topic_idx').on(t.topicId)],
);

/** Derived per module from topic progress (and never moved backwards by PUT /api/progress). */
export const moduleProgress = pgTable(
  'module_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    progressPercentage: numeric('progress_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    isCompleted: boolean('is_completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('module_progress_user_module_uq').on(t.userId, t.moduleId),
    index('module_progress_module_idx').on(t.moduleId, t.isCompleted),
  ],
);

/**
 * Completed module-progress records per module, kept by statement-level triggers on module_progress (migration
 * module_completion_triggers) so the admin completion rate reads a few hundred rows instead of counting
 * millions. No foreign key: deleting a module cascades to its progress rows, whose delete trigger brings the count to zero and removes it.
 */
export const moduleCompletionCounts = pgTable('module_completion_counts', {
  moduleId: uuid('module_id').primaryKey(),
  completed: integer('completed').notNull().default(0),
});

/** A student opening a topic's video or presentation (feeds Popular Resources and Total Views). */
export const resourceAccessEvents = pgTable(
  'resource_access_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type', { enum: ['video', 'presentation'] }).notNull(),
    sessionDuration: integer('session_duration').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resource_access_topic_idx').on(t.topicId, t.createdAt),
    index('resource_access_created_idx').on(t.createdAt),
  ],
);
