import { ChevronRight, GraduationCap } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '#client/components/ui/badge.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDate } from '#shared/format.ts';
import type { CaseloadItem } from '#shared/schemas/staff.ts';
import { useCaseload } from '../api/staff-api.ts';
import { EmptyState } from './empty-state.tsx';

/**
 * A tutor's landing page: their caseload, sorted by what needs them first (the server's order: items waiting,
 * then an overdue review, then the earliest review due; docs/staff.md#caseloads).
 */
export function CaseloadTab() {
  const { data, isLoading } = useCaseload();
  if (isLoading) return <Spinner label="Loading your caseload..." showLabel />;
  if (!data?.length) {
    return (
      <EmptyState icon={GraduationCap} title="No apprentices in your caseload yet">
        An admin assigns apprentices to you on their apprenticeship record.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="caseload-heading" className="flex flex-col gap-3">
      <h2 id="caseload-heading" className="text-lg font-bold text-navy-900">
        Your caseload ({data.length})
      </h2>
      <ul className="flex flex-col gap-3">
        {data.map((item) => (
          <CaseloadRow key={item.studentId} item={item} />
        ))}
      </ul>
    </section>
  );
}

function CaseloadRow({ item }: { item: CaseloadItem }) {
  const share = item.plannedOtjHours > 0 ? Math.min(1, item.approvedHours / item.plannedOtjHours) : 0;
  return (
    <li>
      <Link
        href={`/admin/apprentices?student=${item.studentId}`}
        className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-card transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-center"
      >
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">{item.name}</p>
          <p className="truncate text-sm text-muted-foreground">
            {item.courses.join(', ') || 'No course yet'}
          </p>
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <span>
            <span className="font-semibold">{round(item.approvedHours)}</span>
            <span className="text-muted-foreground"> of {round(item.plannedOtjHours)} OTJ hours</span>
          </span>
          <span className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <span className="block h-full rounded-full bg-primary" style={{ width: `${share * 100}%` }} />
          </span>
        </div>
        <div className="text-sm">
          <span className="text-muted-foreground">Next review </span>
          <span className={item.reviewOverdue ? 'font-semibold text-destructive' : 'font-medium'}>
            {formatDate(item.nextReviewDue)}
            {item.reviewOverdue ? ' (overdue)' : ''}
          </span>
        </div>
        <div className="flex items-center justify-between gap-2 sm:justify-end">
          {item.waiting > 0 ? (
            <Badge variant="accent">
              {item.waiting} waiting for you
              <span className="sr-only">
                : {item.pendingEntries} OTJ entries, {item.reviewsToSign} reviews to sign
              </span>
            </Badge>
          ) : (
            <Badge variant="secondary">Nothing waiting</Badge>
          )}
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </div>
      </Link>
    </li>
  );
}

const round = (hours: number) => Math.round(hours * 10) / 10;
