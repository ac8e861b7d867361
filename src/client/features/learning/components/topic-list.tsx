import { ArrowLeft, CheckCircle2, FileText, HelpCircle, Lock, PlayCircle } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/utils.ts';
import type { LearningModule, TopicSummary } from '#shared/schemas/learning.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ProgressLabel } from './progress-label.tsx';

interface TopicListProps {
  module: LearningModule | undefined;
  topics: TopicSummary[] | undefined;
  isLoading: boolean;
  onBack: () => void;
  onOpen: (topicId: string) => void;
}

export function TopicList({ module, topics, isLoading, onBack, onOpen }: TopicListProps) {
  const pct = Number(module?.progressPercentage ?? 0);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
          <ArrowLeft aria-hidden="true" />
          Back to Modules
        </Button>
      </div>
      {module ? (
        <Card className="p-4 sm:p-5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-xl font-bold">{module.title}</h2>
            <ProgressLabel percentage={pct} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{module.description}</p>
          <ProgressBar value={pct} label={`${module.title} progress`} className="mt-3" />
        </Card>
      ) : null}
      {isLoading ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : topics && topics.length === 0 ? (
        <p className="text-sm text-muted-foreground">This module has no topics yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Topics">
          {topics?.map((topic, i) => (
            <li key={topic.id}>
              <Card
                className={cn(
                  'flex flex-col gap-3 p-4 sm:flex-row sm:items-center',
                  topic.isLocked && 'opacity-60',
                )}
              >
                <div
                  aria-hidden="true"
                  className={cn(
                    'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                    topic.isCompleted
                      ? 'bg-green-100 text-green-800'
                      : topic.isLocked
                        ? 'bg-muted text-muted-foreground'
                        : 'bg-safety-100 text-safety-800',
                  )}
                >
                  {topic.isCompleted ? <CheckCircle2 className="size-5" /> : i + 1}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{topic.title}</h3>
                    {topic.isCompleted ? <Badge variant="success">Complete</Badge> : null}
                  </div>
                  <p className="mt-0.5 text-sm text-muted-foreground">{topic.description}</p>
                  <div className="mt-2 flex flex-wrap gap-3 text-xs text-muted-foreground">
                    {topic.hasVideo ? (
                      <span className="flex items-center gap-1">
                        <PlayCircle aria-hidden="true" className="size-3.5" /> Video
                      </span>
                    ) : null}
                    {topic.hasPresentation ? (
                      <span className="flex items-center gap-1">
                        <FileText aria-hidden="true" className="size-3.5" /> Presentation
                      </span>
                    ) : null}
                    {topic.hasQuiz ? (
                      <span className="flex items-center gap-1">
                        <HelpCircle aria-hidden="true" className="size-3.5" /> Quiz
                      </span>
                    ) : null}
                  </div>
                </div>
                {topic.isLocked ? (
                  <Button
                    variant="outline"
                    disabled
                    className="sm:w-36"
                    aria-label={`${topic.title} is locked`}
                  >
                    <Lock aria-hidden="true" />
                    Locked
                  </Button>
                ) : (
                  <Button
                    variant={topic.isCompleted ? 'outline' : 'accent'}
                    onClick={() => onOpen(topic.id)}
                    className="sm:w-36"
                    aria-label={`Start Topic: ${topic.title}`}
                  >
                    <PlayCircle aria-hidden="true" />
                    Start Topic
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
