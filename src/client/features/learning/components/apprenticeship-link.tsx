import { ChevronRight, ClipboardCheck } from 'lucide-react';
import { Link } from 'wouter';
import { useApprenticeshipSummary } from '../api/learning.ts';

/** The way from the dashboard to the off-the-job log and progress reviews, for apprentices and employer contacts. */
export function ApprenticeshipLink() {
  const { data } = useApprenticeshipSummary();
  if (!data || (!data.isApprentice && !data.isEmployerContact)) return null;
  return (
    <Link
      href="/apprenticeship"
      className="flex items-center gap-3 rounded-xl border border-border bg-white px-4 py-3 shadow-xs transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ClipboardCheck aria-hidden="true" className="size-5 shrink-0 text-safety-600" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-navy-900">
          {data.isApprentice ? 'Off-the-job training log' : 'Apprentice progress reviews'}
        </span>
        <span className="block text-sm text-muted-foreground">
          {data.reviewsToSign > 0
            ? `${data.reviewsToSign} progress ${data.reviewsToSign === 1 ? 'review' : 'reviews'} to sign`
            : data.isApprentice
              ? 'Log your learning and see your hours'
              : 'Reviews you sign as the employer contact'}
        </span>
      </span>
      {data.reviewsToSign > 0 ? (
        <span className="rounded-full bg-accent px-2 text-xs leading-5 font-bold text-accent-foreground">
          {data.reviewsToSign}
        </span>
      ) : null}
      <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
    </Link>
  );
}
