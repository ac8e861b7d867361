import { BadgeCheck, Quote } from 'lucide-react';
import { Link } from 'wouter';
import { REVIEWS_POLICY_PATH, Stars } from '#client/components/reviews/rating-summary.tsx';
import { formatDate } from '#shared/format.ts';
import { useRecentReviews } from '../api/reviews.ts';

/**
 * The landing page's reviews: the newest published reviews of any course, whatever their rating, instead of the
 * spec's fixed testimonials (docs/product.md#reviews). Without reviews the section is left out.
 */
export function LearnerReviews() {
  const { data } = useRecentReviews();
  if (!data?.length) return null;
  return (
    <section
      aria-labelledby="testimonials-heading"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8"
    >
      <h2
        id="testimonials-heading"
        className="text-center text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl"
      >
        What our students say
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        The newest reviews from verified learners, good or bad.
      </p>
      <p className="mt-2 text-center text-sm">
        <Link
          href={REVIEWS_POLICY_PATH}
          className="text-navy-700 underline underline-offset-2 hover:text-navy-950"
        >
          Reviews policy
        </Link>
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {data.map((review) => (
          <figure
            key={review.id}
            className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-card"
          >
            <div className="flex items-center justify-between">
              <Quote aria-hidden="true" className="size-7 text-safety-500" />
              <Stars value={review.rating} />
              <span className="sr-only">{review.rating} out of 5</span>
            </div>
            <blockquote className="mt-3 flex-1 leading-relaxed whitespace-pre-line break-words text-navy-900">
              “{review.body}”
            </blockquote>
            <figcaption className="mt-5 border-t border-border pt-4">
              <p className="flex items-center gap-1.5 font-semibold text-navy-950">
                {review.authorName}
                <span className="inline-flex items-center gap-1 text-xs font-medium text-success">
                  <BadgeCheck aria-hidden="true" className="size-3.5" />
                  Verified learner
                </span>
              </p>
              <p className="text-sm text-muted-foreground">
                <Link href={`/courses/${review.courseId}`} className="hover:underline">
                  {review.courseTitle}
                </Link>
                {' · '}
                {formatDate(review.createdAt)}
              </p>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
