import { AlertTriangle } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatDate, formatHours } from '#shared/format.ts';
import type { AdminApprentice } from '#shared/schemas/apprenticeships.ts';
import type { Gateway } from '#shared/schemas/standards.ts';

/** "Gateway: ready", or how many of the four checks pass (docs/apprenticeships.md "Gateway readiness"). */
function ReadinessBadge({ gateway }: { gateway: Gateway }) {
  if (gateway.ready) {
    return <Badge variant="success">Gateway: ready</Badge>;
  }
  const passing = Object.values(gateway.checks).filter(Boolean).length;
  return <Badge variant="secondary">Gateway: {passing} of 4 checks</Badge>;
}

/**
 * Every apprentice with their figures, gateway readiness and next review; a row opens the apprentice. With
 * `readiness` (GET /api/admin/gateway, sorted by the server) the readiest come first.
 */
export function ApprenticesTable({
  apprentices,
  readiness,
  selectedId,
  onSelect,
}: {
  apprentices: AdminApprentice[];
  readiness?: readonly Gateway[];
  selectedId: string | null;
  onSelect: (studentId: string) => void;
}) {
  const rank = new Map(readiness?.map((g, i) => [g.studentId, i]));
  const gatewayOf = new Map(readiness?.map((g) => [g.studentId, g]));
  const rows = readiness
    ? [...apprentices].sort(
        (a, b) => (rank.get(a.studentId) ?? rank.size) - (rank.get(b.studentId) ?? rank.size),
      )
    : apprentices;
  if (apprentices.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        No apprentices yet. Find a student below.
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-white">
      {rows.map((a) => {
        const gateway = gatewayOf.get(a.studentId);
        const percent = Math.min(100, Math.round((a.approvedHours / Math.max(1, a.plannedHours)) * 100));
        return (
          <li key={a.studentId}>
            <button
              type="button"
              onClick={() => onSelect(a.studentId)}
              aria-current={selectedId === a.studentId ? 'true' : undefined}
              className={cn(
                'grid w-full gap-2 px-3 py-3 text-left transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.3fr)] sm:items-center sm:px-4',
                selectedId === a.studentId && 'bg-muted',
              )}
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold text-navy-900">{a.name}</span>
                <span className="block truncate text-xs text-muted-foreground">{a.standard}</span>
              </span>
              <span className="flex flex-col gap-1">
                <span className="text-sm text-navy-800">
                  {formatHours(a.approvedHours)} of {formatHours(a.plannedHours)}
                  {a.pendingHours > 0 ? (
                    <span className="text-muted-foreground"> · {formatHours(a.pendingHours)} pending</span>
                  ) : null}
                </span>
                <span className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <span
                    className="block h-full rounded-full bg-safety-500"
                    style={{ width: `${percent}%` }}
                  />
                </span>
                <span className="text-xs text-muted-foreground">
                  Forecast {formatHours(a.forecastHours)} · needs {formatHours(a.paceNeededPerWeek)}/wk
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-2 sm:justify-end">
                {gateway ? <ReadinessBadge gateway={gateway} /> : null}
                {a.warnings.length > 0 ? (
                  <span
                    className="inline-flex items-center gap-1 text-xs font-medium text-amber-800"
                    title={a.warnings.map((w) => w.message).join('\n')}
                  >
                    <AlertTriangle aria-hidden="true" className="size-3.5" />
                    {a.warnings
                      .map((w) => (w.code === 'BEHIND' ? 'Behind' : 'No recent learning'))
                      .join(', ')}
                  </span>
                ) : null}
                {a.reviewOverdue ? (
                  <Badge variant="destructive">Review overdue {formatDate(a.nextReviewDue)}</Badge>
                ) : (
                  <Badge variant="outline">Review due {formatDate(a.nextReviewDue)}</Badge>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
