import { ArrowRight, BookOpen, Clock, Lock } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatMinutes } from '#shared/format.ts';
import type { LearningModule } from '#shared/schemas/learning.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ProgressLabel } from './progress-label.tsx';

export function ModuleList({ modules, onOpen }: { modules: LearningModule[]; onOpen: (id: string) => void }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Training modules">
      {modules.map((m, i) => {
        const pct = Number(m.progressPercentage);
        return (
          <li key={m.id}>
            <Card
              className={cn(
                'flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5',
                m.isLocked && 'border-dashed bg-muted text-muted-foreground shadow-none',
              )}
            >
              <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
                <div
                  className={cn(
                    'flex size-10 shrink-0 items-center justify-center rounded-lg text-lg font-bold sm:size-11',
                    m.isLocked ? 'bg-muted text-muted-foreground' : 'bg-navy-900 text-white',
                  )}
                  aria-hidden="true"
                >
                  {m.isLocked ? <Lock className="size-5" /> : i + 1}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-base font-semibold sm:text-lg">{m.title}</h2>
                    <ProgressLabel percentage={pct} />
                  </div>
                  <p className="mt-1 text-sm text-muted-foreground">{m.description}</p>
                  <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
                    <span className="flex items-center gap-1">
                      <Clock aria-hidden="true" className="size-3.5" />
                      {formatMinutes(m.duration)}
                    </span>
                    <span className="flex items-center gap-1">
                      <BookOpen aria-hidden="true" className="size-3.5" />
                      {m.completedTopics}/{m.topicCount} topics
                    </span>
                    <span>{Math.round(pct)}% complete</span>
                  </div>
                  <ProgressBar value={pct} label={`${m.title} progress`} className="mt-2" />
                </div>
              </div>
              {m.isLocked ? (
                <Button variant="outline" disabled className="sm:w-32" aria-label={`${m.title} is locked`}>
                  <Lock aria-hidden="true" />
                  Locked
                </Button>
              ) : (
                <Button onClick={() => onOpen(m.id)} className="sm:w-32" aria-label={`Continue ${m.title}`}>
                  Continue
                  <ArrowRight aria-hidden="true" />
                </Button>
              )}
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
