import { BadgeCheck, Flag, MessageSquareText } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { RatingSummary, Stars } from '#client/components/reviews/rating-summary.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/lib/auth.ts';
import { REVIEW_MIN_PROGRESS_PERCENT } from '#shared/constants.ts';
import { formatDate } from '#shared/format.ts';
import type { Review } from '#shared/schemas/reviews.ts';
import { useCourseReviews, useMyReview } from '../api/reviews.ts';
import { useDeferredDialog } from './use-deferred-dialog.ts';

const ReportReviewDialog = lazy(() => import('./report-review-dialog.tsx'));
const ReviewForm = lazy(() => import('./review-form.tsx').then((m) => ({ default: m.ReviewForm })));

/** Anyone may report a review; an admin looks at it under the reviews policy. The form loads on first use. */
function ReportReview({ review }: { review: Review }) {
  const dialog = useDeferredDialog();
  return (
    <>
      <Button variant="ghost" size="sm" className="text-muted-foreground" {...dialog.trigger}>
        <Flag aria-hidden="true" />
        Report
      </Button>
      {dialog.wanted ? (
        <Suspense fallback={null}>
          <ReportReviewDialog review={review} dialog={dialog} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The signed-in user's part: the form when they may review, otherwise why not. Visitors see nothing here. */
function YourReview({ courseId }: { courseId: string }) {
  const { isAuthenticated } = useAuth();
  const { data } = useMyReview(courseId, isAuthenticated);
  // Only a verified learner of the course has anything to do here (the others are told below the list).
  if (!isAuthenticated || !data || data.reason === 'NOT_VERIFIED_LEARNER') return null;
  return (
    <div className="rounded-xl border border-border bg-navy-50/60 p-5">
      <h3 className="font-semibold text-navy-950">{data.review ? 'Your review' : 'Review this course'}</h3>
      {data.eligible ? (
        <div className="mt-3">
          <Suspense fallback={null}>
            <ReviewForm courseId={courseId} existing={data.review} />
          </Suspense>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">
          You can review this course once you have completed {REVIEW_MIN_PROGRESS_PERCENT}% of it (you are at{' '}
          {data.progressPercent}%).
        </p>
      )}
    </div>
  );
}

/** Reviews on the course page (docs/product.md#reviews): the real average and count, every published review. */
export function CourseReviews({ courseId }: { courseId: string }) {
  const { data } = useCourseReviews(courseId);
  return (
    <section
      aria-labelledby="reviews-heading"
      className="rounded-2xl border border-border bg-white p-6 shadow-card"
    >
      <h2 id="reviews-heading" className="flex items-center gap-2 text-xl font-bold text-navy-950">
        <MessageSquareText aria-hidden="true" className="size-5 text-safety-600" />
        Reviews
      </h2>
      <RatingSummary
        rating={data && data.average !== null ? { average: data.average, count: data.count } : null}
        className="mt-2"
      />
      <div className="mt-5 flex flex-col gap-5">
        <YourReview courseId={courseId} />
        {data && data.items.length === 0 ? (
          <p className="text-muted-foreground">
            No reviews yet. Learners who bought the course or hold a team seat can review it once they have
            completed {REVIEW_MIN_PROGRESS_PERCENT}% of it.
          </p>
        ) : null}
        <ul className="divide-y divide-border">
          {data?.items.map((review) => (
            <li key={review.id} className="py-4 first:pt-0">
              <article aria-label={`Review by ${review.authorName}`}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Stars value={review.rating} />
                  <span className="sr-only">{review.rating} out of 5</span>
                  <span className="font-semibold text-navy-950">{review.authorName}</span>
                  {review.verified ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
                      <BadgeCheck aria-hidden="true" className="size-3.5" />
                      Verified learner
                    </span>
                  ) : null}
                  <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
                    {formatDate(review.createdAt)}
                  </time>
                </div>
                <p className="mt-2 whitespace-pre-line break-words text-navy-900">{review.body}</p>
                <div className="mt-1 -ml-3">
                  <ReportReview review={review} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
