import { z } from 'zod';
import { text } from './common.ts';

// Verified course reviews (docs/product.md#reviews).

// The share of a course a learner must finish before reviewing it lives with the other plain constants so pages can show it without loading zod (README 'Performance').
export { REVIEW_MIN_PROGRESS_PERCENT } from '../constants.ts';
export const REVIEW_BODY_MAX = 2000;

export const RATING_REQUIRED = 'Please choose a rating from 1 to 5 stars';
export const REVIEW_BODY_REQUIRED = 'Please write a few words about the course';

/** POST /api/courses/:id/reviews: a new review, or the learner's edit of their own. */
export const reviewInputSchema = z.strictObject({
  rating: z.number(RATING_REQUIRED).int(RATING_REQUIRED).min(1, RATING_REQUIRED).max(5, RATING_REQUIRED),
  body: text()
    .trim()
    .min(1, REVIEW_BODY_REQUIRED)
    .max(REVIEW_BODY_MAX, `Keep the review under ${REVIEW_BODY_MAX} characters`),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** POST /api/reviews/:id/report (anyone) and POST /api/admin/reviews/:id/remove (an admin, a policy reason). */
export const reviewReasonSchema = z.strictObject({
  reason: text().trim().min(1, 'Please give a reason').max(500, 'Keep the reason under 500 characters'),
});

export const reviewIdParamsSchema = z.object({ id: z.uuid() });

export const ratingSummarySchema = z.object({
  /** Mean of every published review, to one decimal place. */
  average: z.number(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewSchema = z.object({
  id: text(),
  rating: z.number().int(),
  body: text(),
  /** First name and the initial of the last name. */
  authorName: text(),
  /** Every published review is by a learner who paid or held a seat and did 30% of the course. */
  verified: z.boolean(),
  createdAt: text(),
  updatedAt: text(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  items: z.array(reviewSchema),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** GET /api/reviews/recent: the newest published reviews of any course, good or bad. */
export const recentReviewSchema = reviewSchema.extend({ courseId: text(), courseTitle: text() });
export type RecentReview = z.infer<typeof recentReviewSchema>;

/** GET /api/courses/:id/reviews/mine: whether the signed-in user may review, and their review when they have one. */
export const myReviewSchema = z.object({
  eligible: z.boolean(),
  /** Why not, when not eligible: NOT_VERIFIED_LEARNER or NOT_ENOUGH_PROGRESS. */
  reason: text().nullable(),
  progressPercent: z.number().int(),
  review: reviewSchema.nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

export const adminReviewSchema = reviewSchema.extend({
  courseId: text(),
  courseTitle: text(),
  authorEmail: text(),
  removedAt: text().nullable(),
  removalReason: text().nullable(),
  reports: z.array(z.object({ reason: text(), createdAt: text() })),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** `:id` of a course in the reviews and waitlist routes. */
export const courseIdParamsSchema = z.object({ id: z.uuid() });
