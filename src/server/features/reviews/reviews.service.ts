import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { courseReviews, courses, enrolments, reviewReports, users } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { courseTopicProgress } from '#server/features/learning/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { conflict, forbidden, notFound, tooManyRequests } from '#server/lib/http.error.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import * as rateLimit from '#server/lib/rate-limit.service.ts';
import { REVIEW_MIN_PROGRESS_PERCENT, type ReviewInput } from '#shared/schemas/reviews.ts';

// Verified reviews (docs/product.md#reviews): only a learner enrolled by a payment or a team seat who has completed
// at least 30% of the course's topics may review it; one review per learner and course, edited in place; every
// review is published at once and counts in the average unless an admin removed it under the reviews policy.

export interface ReviewDeps {
  db: Db;
  database: Database;
}

/** Enrolments that a person paid for, or was given a seat their team paid for (not admin or demo enrolments). */
const VERIFIED_SOURCES = ['purchase', 'team'] as const;

export type ReviewRow = typeof courseReviews.$inferSelect & {
  firstName: string | null;
  lastName: string | null;
};

export interface Eligibility {
  eligible: boolean;
  reason: 'NOT_VERIFIED_LEARNER' | 'NOT_ENOUGH_PROGRESS' | null;
  progressPercent: number;
}

/** Completed topics over all the course's topics; eligible from 30% (compared in whole numbers, no rounding). */
export async function reviewEligibility(
  db: Queryable,
  userId: string,
  courseId: string,
): Promise<Eligibility> {
  const [enrolment] = await db
    .select({ source: enrolments.source })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  const { total, done } = await courseTopicProgress(db, userId, courseId);
  const progressPercent = total ? Math.floor((done * 100) / total) : 0;
  if (!enrolment || !(VERIFIED_SOURCES as readonly string[]).includes(enrolment.source)) {
    return { eligible: false, reason: 'NOT_VERIFIED_LEARNER', progressPercent };
  }
  if (total === 0 || done * 100 < total * REVIEW_MIN_PROGRESS_PERCENT) {
    return { eligible: false, reason: 'NOT_ENOUGH_PROGRESS', progressPercent };
  }
  return { eligible: true, reason: null, progressPercent };
}

const NOT_VERIFIED = 'Only learners who bought the course or hold a team seat can review it.';
const NOT_ENOUGH = `You can review the course once you have completed ${REVIEW_MIN_PROGRESS_PERCENT}% of it.`;

async function requireCourse(db: Queryable, courseId: string) {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('Course not found', 'COURSE_NOT_FOUND');
}

const reviewColumns = { review: courseReviews, firstName: users.firstName, lastName: users.lastName };
const flatten = (r: {
  review: typeof courseReviews.$inferSelect;
  firstName: string | null;
  lastName: string | null;
}) => ({
  ...r.review,
  firstName: r.firstName,
  lastName: r.lastName,
});

/**
 * Writes the learner's review: the first one is created (created: true), a later one replaces its rating and text
 * in the same row (the unique index on course and learner makes two at once one row). A removed review stays
 * removed after an edit: the removal and its reason are kept.
 */
export async function submitReview(
  deps: ReviewDeps,
  caller: Principal,
  courseId: string,
  input: ReviewInput,
): Promise<{ review: ReviewRow; created: boolean }> {
  await requireCourse(deps.db, courseId);
  const eligibility = await reviewEligibility(deps.db, caller.id, courseId);
  if (eligibility.reason === 'NOT_VERIFIED_LEARNER') throw forbidden(NOT_VERIFIED, 'NOT_VERIFIED_LEARNER');
  if (eligibility.reason === 'NOT_ENOUGH_PROGRESS') throw forbidden(NOT_ENOUGH, 'NOT_ENOUGH_PROGRESS');
  const [row] = await deps.db
    .insert(courseReviews)
    .values({ courseId, userId: caller.id, rating: input.rating, body: input.body })
    .onConflictDoUpdate({
      target: [courseReviews.courseId, courseReviews.userId],
      set: { rating: input.rating, body: input.body, updatedAt: sql`now()` },
    })
    .returning({ id: courseReviews.id, created: sql<boolean>`(xmax = 0)` });
  await invalidate(deps.database, 'catalog');
  const review = await reviewById(deps.db, row!.id);
  return { review: review!, created: Boolean(row!.created) };
}

async function reviewById(db: Queryable, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(eq(courseReviews.id, id));
  return row && flatten(row);
}

/** The most recent published reviews a page shows; the average and count cover every published one. */
export const REVIEWS_SHOWN = 100;

export async function publishedReviews(db: Queryable, courseId: string) {
  const published = and(eq(courseReviews.courseId, courseId), isNull(courseReviews.removedAt));
  const [summary] = await db
    .select({
      average: sql<string | null>`round(avg(${courseReviews.rating}), 1)`,
      count: count(),
    })
    .from(courseReviews)
    .where(published);
  const items = await db
    .select(reviewColumns)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(published)
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
    .limit(REVIEWS_SHOWN);
  const total = Number(summary?.count ?? 0);
  return {
    average: total && summary?.average != null ? Number(summary.average) : null,
    count: total,
    items: items.map(flatten),
  };
}

/** The newest published reviews of any active course, whatever their rating (the landing page's 'From our learners'). */
export async function recentReviews(db: Queryable, limit = 3) {
  const rows = await db
    .select({ ...reviewColumns, courseTitle: courses.title })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .where(and(isNull(courseReviews.removedAt), eq(courses.isActive, true)))
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
    .limit(limit);
  return rows.map((r) => ({ ...flatten(r), courseTitle: r.courseTitle }));
}

export async function myReview(db: Queryable, caller: Principal, courseId: string) {
  await requireCourse(db, courseId);
  const eligibility = await reviewEligibility(db, caller.id, courseId);
  const [row] = await db
    .select(reviewColumns)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, caller.id)));
  return { ...eligibility, review: row ? flatten(row) : null };
}

export const REPORT_WINDOW_MS = 60 * 60 * 1000;
export const REPORTS_PER_ADDRESS = 20;

/** Anyone may report a review; reports only inform the admin, they never hide a review by themselves. */
export async function reportReview(
  db: Db,
  reviewId: string,
  reason: string,
  reporter: { userId: string | null; address: string },
): Promise<void> {
  const key = `review-report:${reporter.address}`;
  const reserved = await rateLimit.reserve(db, [key], REPORT_WINDOW_MS);
  const hits = reserved.get(key);
  if ((hits?.count ?? 0) > REPORTS_PER_ADDRESS) {
    throw tooManyRequests(
      'Too many reports from this address. Please try again later.',
      'RATE_LIMITED',
      (hits?.resetsAt.getTime() ?? Date.now()) - Date.now(),
    );
  }
  const [review] = await db
    .select({ id: courseReviews.id })
    .from(courseReviews)
    .where(and(eq(courseReviews.id, reviewId), isNull(courseReviews.removedAt)));
  if (!review) throw notFound('Review not found', 'COURSE_REVIEW_NOT_FOUND');
  await db.insert(reviewReports).values({ reviewId, reason, reporterUserId: reporter.userId });
}

/** Every review, newest first (removed ones too, with why), and the reports each has had. */
export async function reviewsForAdmin(db: Queryable, onlyId?: string) {
  const rows = await db
    .select({
      ...reviewColumns,
      email: users.email,
      courseTitle: courses.title,
    })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .where(onlyId ? eq(courseReviews.id, onlyId) : undefined)
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
    .limit(500);
  const ids = rows.map((r) => r.review.id);
  const reports = ids.length
    ? await db
        .select({
          reviewId: reviewReports.reviewId,
          reason: reviewReports.reason,
          createdAt: reviewReports.createdAt,
        })
        .from(reviewReports)
        .where(inArray(reviewReports.reviewId, ids))
        .orderBy(desc(reviewReports.createdAt))
    : [];
  return rows.map((r) => ({
    ...flatten(r),
    email: r.email,
    courseTitle: r.courseTitle,
    reports: reports.filter((p) => p.reviewId === r.review.id),
  }));
}

/** Removes a published review under the reviews policy; who removed it, when and why are kept with it. */
export async function removeReview(deps: ReviewDeps, actor: AuditActor, reviewId: string, reason: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(courseReviews)
      .set({ removedAt: sql`now()`, removedBy: actor.id, removalReason: reason })
      .where(and(eq(courseReviews.id, reviewId), isNull(courseReviews.removedAt)))
      .returning({ id: courseReviews.id });
    if (row) {
      await recordAudit(tx, actor, {
        action: 'course_review.remove',
        entityType: 'course_review',
        entityId: reviewId,
        summary: `removed: ${reason}`,
      });
    }
    return row;
  });
  if (!removed) {
    const [exists] = await deps.db
      .select({ id: courseReviews.id })
      .from(courseReviews)
      .where(and(eq(courseReviews.id, reviewId), isNotNull(courseReviews.removedAt)));
    if (exists) throw conflict('This review has already been removed', 'REVIEW_ALREADY_REMOVED');
    throw notFound('Review not found', 'COURSE_REVIEW_NOT_FOUND');
  }
  await invalidate(deps.database, 'catalog');
  return (await reviewsForAdmin(deps.db, reviewId))[0]!;
}
