import { FileDown, PenLine } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { formatDate, formatDateTime, formatHours } from '#shared/format.ts';
import type { Review, ReviewRole } from '#shared/schemas/apprenticeships.ts';
import { errorToast, reviewPdfUrl, useSignReview } from '../api/apprenticeships.ts';

const ROLE: Record<ReviewRole, string> = { apprentice: 'Apprentice', tutor: 'Tutor', employer: 'Employer' };

/** Progress reviews with who has signed; each viewer signs in their own role. */
export function ReviewsList({
  reviews,
  showApprentice = false,
}: {
  reviews: Review[];
  showApprentice?: boolean;
}) {
  const sign = useSignReview();
  if (reviews.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No progress reviews yet.</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {reviews.map((review) => {
        const roles: ReviewRole[] = review.hasEmployerContact
          ? ['apprentice', 'tutor', 'employer']
          : ['apprentice', 'tutor'];
        return (
          <li
            key={review.id}
            className="rounded-lg border border-border bg-white p-3 sm:p-4"
            data-testid="review"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-navy-900">
                {showApprentice ? `${review.apprenticeName} · ` : ''}Review of {formatDate(review.reviewDate)}
              </h3>
              {review.fullySigned ? (
                <Badge variant="success">Signed</Badge>
              ) : (
                <Badge variant="secondary">Awaiting signatures</Badge>
              )}
            </div>
            <dl className="mt-2 grid gap-2 text-sm">
              <div>
                <dt className="font-medium text-navy-800">Progress against the standard</dt>
                <dd className="text-foreground">{review.progressSummary}</dd>
              </div>
              <div>
                <dt className="font-medium text-navy-800">Next steps</dt>
                <dd className="text-foreground">{review.nextSteps}</dd>
              </div>
              {review.supportNeeds ? (
                <div>
                  <dt className="font-medium text-navy-800">Support needs</dt>
                  <dd className="text-foreground">{review.supportNeeds}</dd>
                </div>
              ) : null}
              <div>
                <dt className="font-medium text-navy-800">Off-the-job hours to date</dt>
                <dd>{formatHours(review.otjHoursToDate)}</dd>
              </div>
            </dl>
            <ul className="mt-3 flex flex-col gap-1 border-t border-border pt-3 text-sm">
              {roles.map((role) => {
                const s = review.signatures.find((x) => x.role === role);
                return (
                  <li key={role} className="flex flex-wrap gap-x-2">
                    <span className="w-20 text-muted-foreground">{ROLE[role]}</span>
                    {s ? (
                      <span className="font-medium text-navy-900">
                        {s.name}, {formatDateTime(s.signedAt)}
                      </span>
                    ) : (
                      <span className="text-muted-foreground italic">Not signed yet</span>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              <Button variant="outline" size="sm" asChild>
                <a href={reviewPdfUrl(review.id)} target="_blank" rel="noreferrer">
                  <FileDown aria-hidden="true" /> PDF
                </a>
              </Button>
              {review.canSignAs ? (
                <Button
                  size="sm"
                  disabled={sign.isPending}
                  onClick={() =>
                    sign.mutate(review.id, { onError: (e) => errorToast('Could not sign the review', e) })
                  }
                >
                  <PenLine aria-hidden="true" /> Sign as {ROLE[review.canSignAs].toLowerCase()}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
