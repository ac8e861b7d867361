import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courses } from './catalog.ts';
import { users } from './users.ts';

/**
 * A learner's review of a course (docs/product.md#reviews): one per learner and course (edited in place), published
 * at once; an admin may remove it for a reason of the reviews policy, which is kept with the row.
 */
export const courseReviews = pgTable(
  'course_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
  },
  (t) => [
    uniqueIndex('course_reviews_course_user_uq').on(t.courseId, t.userId),
    index('course_reviews_course_idx').on(t.courseId, t.createdAt),
    check('course_reviews_rating', sql`${t.rating} BETWEEN 1 AND 5`),
    check('course_reviews_removal', sql`(${t.removedAt} IS NULL) = (${t.removalReason} IS NULL)`),
  ],
);

/** Anyone may report a review; admins see the open reports beside it. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => courseReviews.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_reports_review_idx').on(t.reviewId)],
);

/**
 * Double opt-in waitlist for a coming-soon course (docs/product.md#waitlist). `notified_at` is set by the one
 * statement that queues the "now open" email, so each confirmed subscriber is told once, whatever happens to
 * the course afterwards.
 */
export const waitlistSubscribers = pgTable(
  'waitlist_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** sha-256 of the confirmation link's token; cleared once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    /** Random; it can only take this address off this waitlist, so it is kept as is for every email's link. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Emails are stored lower-cased (waitlist.service.ts), so one address joins a course's list once.
    uniqueIndex('waitlist_course_email_uq').on(t.courseId, t.email),
    uniqueIndex('waitlist_confirm_token_uq').on(t.confirmTokenHash),
    uniqueIndex('waitlist_unsubscribe_token_uq').on(t.unsubscribeToken),
  ],
);
