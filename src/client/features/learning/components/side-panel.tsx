import { CalendarDays, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { PROGRESS_SUMMARY_MODULES } from '#shared/constants.ts';
import type { LearningModule } from '#shared/schemas/learning.ts';
import type { UpcomingSession } from '#shared/schemas/live-sessions.ts';
import { ProgressBar } from './progress-bar.tsx';
import { SessionCard } from './session-card.tsx';

/** Upcoming sessions and the first three modules' progress (docs/product.md#portal), then other features' cards. */
export function SidePanel({
  sessions,
  modules,
  extra,
}: {
  sessions: UpcomingSession[];
  modules: LearningModule[];
  extra?: ReactNode;
}) {
  return (
    <aside className="flex flex-col gap-4" aria-label="Your schedule and progress">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <CalendarDays aria-hidden="true" className="size-4 text-safety-600" />
            Upcoming Sessions
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {sessions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No upcoming sessions.</p>
          ) : (
            sessions.slice(0, 3).map((s) => <SessionCard key={s.id} session={s} compact />)
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <TrendingUp aria-hidden="true" className="size-4 text-safety-600" />
            Progress Summary
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {modules.length === 0 ? <p className="text-sm text-muted-foreground">No modules yet.</p> : null}
          {modules.slice(0, PROGRESS_SUMMARY_MODULES).map((m) => {
            const pct = Number(m.progressPercentage);
            return (
              <div key={m.id}>
                <div className="mb-1 flex justify-between gap-2 text-sm">
                  <span className="truncate">{m.title}</span>
                  <span className="font-semibold">{Math.round(pct)}%</span>
                </div>
                <ProgressBar value={pct} label={`${m.title} progress`} />
              </div>
            );
          })}
        </CardContent>
      </Card>
      {extra}
    </aside>
  );
}
