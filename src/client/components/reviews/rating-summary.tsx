import { Star } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#client/lib/utils.ts';
import type { RatingSummary as Rating } from '#shared/schemas/reviews.ts';

// The course rating everywhere it is shown (course page, listings, featured course, checkout summary): only the
// real average and count of published verified reviews, with the reviews policy beside the stars
// (docs/product.md#reviews). No reviews: the line says so.

export const REVIEWS_POLICY_PATH = '/reviews-policy';

export function reviewCountLabel(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

/** Five stars, filled to the nearest half of `value`. */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = value >= n - 0.25 ? 'full' : value >= n - 0.75 ? 'half' : 'empty';
        return (
          <span key={n} className="relative inline-block size-4">
            <Star className="absolute inset-0 size-4 text-safety-500/40" />
            {fill !== 'empty' ? (
              <span className={cn('absolute inset-0 overflow-hidden', fill === 'half' ? 'w-1/2' : 'w-full')}>
                <Star className="size-4 fill-safety-500 text-safety-500" />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

export function RatingSummary({
  rating,
  tone = 'light',
  policyLink = true,
  className,
}: {
  rating: Rating | null;
  /** dark: on the navy hero. */
  tone?: 'light' | 'dark';
  policyLink?: boolean;
  className?: string;
}) {
  const strong = tone === 'dark' ? 'text-white' : 'text-navy-950';
  const muted = tone === 'dark' ? 'text-navy-200' : 'text-muted-foreground';
  return (
    <p
      data-testid="course-rating"
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm', className)}
    >
      {rating && rating.count > 0 ? (
        <>
          <Stars value={rating.average} />
          <span className={cn('font-semibold', strong)}>
            <span className="sr-only">Rated </span>
            {rating.average.toFixed(1)}
            <span className="sr-only"> out of 5</span>
          </span>
          <span className={muted}>({reviewCountLabel(rating.count)} from verified learners)</span>
        </>
      ) : (
        <span className={muted}>No reviews yet</span>
      )}
      {policyLink ? (
        <Link
          href={REVIEWS_POLICY_PATH}
          className={cn(
            'underline underline-offset-2',
            tone === 'dark' ? 'text-navy-100 hover:text-white' : 'text-navy-700 hover:text-navy-950',
          )}
        >
          Reviews policy
        </Link>
      ) : null}
    </p>
  );
}
