import { AlertTriangle, CalendarClock } from 'lucide-react';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatDate, formatHours } from '#shared/format.ts';
import type { OtjFigures } from '#shared/schemas/apprenticeships.ts';

function Figure({
  label,
  value,
  hint,
  strong,
}: {
  label: string;
  value: string;
  hint?: string;
  strong?: boolean;
}) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border border-border bg-white p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={cn('text-xl font-bold tracking-tight', strong ? 'text-navy-900' : 'text-navy-800')}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/** Progress at a glance: only approved hours count towards the plan (docs/apprenticeships.md). */
export function FiguresPanel({ figures }: { figures: OtjFigures }) {
  const percent = Math.min(
    100,
    Math.round((figures.approvedHours / Math.max(1, figures.plannedHours)) * 100),
  );
  return (
    <section aria-label="Progress at a glance" className="flex flex-col gap-4">
      {figures.warnings.length > 0 ? (
        <div className="flex flex-col gap-2">
          {figures.warnings.map((w) => (
            <p
              key={w.code}
              role="status"
              className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {w.message}
            </p>
          ))}
        </div>
      ) : null}
      <Card className="p-4 sm:p-5">
        <div className="mb-2 flex items-baseline justify-between gap-3">
          <span className="text-sm font-medium text-navy-900">
            {formatHours(figures.approvedHours)} approved of {formatHours(figures.plannedHours)} planned
          </span>
          <span className="text-sm font-semibold text-navy-700">{percent}%</span>
        </div>
        <div
          className="h-2.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Approved hours of planned"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full rounded-full bg-safety-500" style={{ width: `${percent}%` }} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          <Figure label="Approved" value={formatHours(figures.approvedHours)} strong />
          <Figure label="Pending approval" value={formatHours(figures.pendingHours)} />
          <Figure label="Planned" value={formatHours(figures.plannedHours)} />
          <Figure label="Minimum" value={formatHours(figures.minimumHours)} hint="for the standard" />
          <Figure label="Forecast" value={formatHours(figures.forecastHours)} hint="at this pace" />
          <Figure
            label="Pace needed"
            value={`${formatHours(figures.paceNeededPerWeek)}/wk`}
            hint="to finish on time"
          />
        </dl>
        <p
          className={cn(
            'mt-4 flex items-center gap-2 text-sm',
            figures.reviewOverdue ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          <CalendarClock aria-hidden="true" className="size-4" />
          {figures.reviewOverdue ? 'Progress review overdue since ' : 'Next progress review due '}
          {formatDate(figures.nextReviewDue)}
        </p>
      </Card>
    </section>
  );
}
