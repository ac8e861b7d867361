import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './users.ts';

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    courseType: text('course_type', { enum: ['fundamental', 'upskill'] })
      .notNull()
      .default('fundamental'),
    difficulty: text('difficulty').notNull().default('beginner'),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    order: integer('order').notNull().default(0),
    // Money is integer pence (docs/product.md#formatting); the API sends decimal strings.
    pricePence: integer('price_pence').notNull().default(9999),
    originalPricePence: integer('original_price_pence'),
    monthlyPricePence: integer('monthly_price_pence'),
    instalments: integer('instalments').notNull().default(6),
    avgSalary: integer('avg_salary'),
    // Weeks everywhere (docs/product.md#formatting).
    estimatedDuration: integer('estimated_duration').notNull().default(4),
    headerImagePath: text('header_image_path'),
    featuredImagePath: text('featured_image_path'),
    whatYouLearn: jsonb('what_you_learn').$type<string[]>().notNull().default([]),
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    careerOutcomes: jsonb('career_outcomes').$type<string[]>().notNull().default([]),
    // Off unless an admin opts in: the public pages then show the real number of enrolments (docs/product.md#public-site).
    showEnrolmentCount: boolean('show_enrolment_count').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('courses_type_order_idx').on(t.courseType, t.order)],
);

export const modules = pgTable(
  'modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    order: integer('order').notNull().default(0),
    // Minutes (docs/product.md#data, entered as HH:MM).
    duration: integer('duration').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('modules_course_order_idx').on(t.courseId, t.order)],
);

export const topics = pgTable(
  'topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    order: integer('order').notNull().default(0),
    videoPath: text('video_path'),
    // Known length of the video in seconds, reported by the player or set by an admin; used to judge "ended".
    videoDurationSeconds: integer('video_duration_seconds'),
    presentationPath: text('presentation_path'),
    // The video's WebVTT captions (README 'Accessibility').
    captionsPath: text('captions_path'),
    ...timestamps,
  },
  (t) => [index('topics_module_order_idx').on(t.moduleId, t.order)],
);
