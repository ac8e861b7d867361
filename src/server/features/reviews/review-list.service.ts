import type { Queryable } from '#server/db/client.ts';
import type { RecentReview, ReviewList } from '#shared/schemas/reviews.ts';
import { presentReview } from './reviews.presenter.ts';
import { publishedReviews, recentReviews } from './reviews.service.ts';

/** GET /api/courses/{id}/reviews exactly as sent: the route and the server-rendered course page both use it. */
export async function reviewListFor(db: Queryable, courseId: string): Promise<ReviewList> {
  const list = await publishedReviews(db, courseId);
  return { ...list, items: list.items.map(presentReview) };
}

/** GET /api/reviews/recent as sent: the route and the server-rendered landing page both use it. */
export async function recentReviewList(db: Queryable): Promise<RecentReview[]> {
  return (await recentReviews(db)).map((row) => ({
    ...presentReview(row),
    courseId: row.courseId,
    courseTitle: row.courseTitle,
  }));
}
