import { FolderOpen, ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { TopicKsbsButton } from '#client/features/apprenticeships/index.ts';
import { formatMinutes } from '#shared/format.ts';
import type { AdminModule, AdminTopic } from '#shared/schemas/admin-content.ts';
import { useTopics } from '../api/admin-api.ts';
import { EmptyState } from './empty-state.tsx';
import { ModuleDialog, TopicDialog } from './module-topic-dialogs.tsx';
import { QuizDialog } from './quiz-dialog.tsx';
import { TopicMediaSlots } from './topic-media-slots.tsx';

// The Content tab's innermost level: a module's topics, each with its media, quiz, KSBs and edit/delete actions.

/** What the Content tab may delete (after its confirmation dialog). */
export type Deletable = { kind: 'course' | 'module' | 'topic'; id: string; name: string };

export function SectionHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle: string;
  action: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-safety-700 uppercase">{subtitle}</p>
        <h2 className="truncate text-xl font-bold text-navy-900">{title}</h2>
      </div>
      <div className="flex flex-wrap gap-2">{action}</div>
    </div>
  );
}

export function TopicList({
  module,
  onModuleChanged,
  onDelete,
}: {
  module: AdminModule;
  onModuleChanged: (m: AdminModule) => void;
  onDelete: (d: Deletable) => void;
}) {
  const { data: topics, isLoading } = useTopics(module.id);
  const [adding, setAdding] = useState(false);
  const [editingModule, setEditingModule] = useState(false);
  const nextOrder = (topics ?? []).reduce((n, t) => Math.max(n, t.order + 1), 1);
  return (
    <>
      <SectionHeader
        title={module.title}
        subtitle={`Topics · ${formatMinutes(module.duration)}`}
        action={
          <>
            <Button variant="outline" onClick={() => setEditingModule(true)}>
              <Pencil /> Edit Module
            </Button>
            <Button onClick={() => setAdding(true)}>
              <Plus /> Add Topic
            </Button>
          </>
        }
      />
      {isLoading ? (
        <Skeleton className="h-32" />
      ) : !topics?.length ? (
        <EmptyState icon={FolderOpen} title="No topics yet">
          Add a topic, then upload its video and presentation.
        </EmptyState>
      ) : (
        <ul className="grid [&>*]:min-w-0 gap-3">
          {topics.map((t) => (
            <TopicCard key={t.id} topic={t} onDelete={onDelete} />
          ))}
        </ul>
      )}
      <TopicDialog open={adding} onOpenChange={setAdding} parentId={module.id} nextOrder={nextOrder} />
      <ModuleDialog
        open={editingModule}
        onOpenChange={setEditingModule}
        onSaved={onModuleChanged}
        parentId={module.courseId}
        existing={module}
        nextOrder={module.order}
      />
    </>
  );
}

function TopicCard({ topic, onDelete }: { topic: AdminTopic; onDelete: (d: Deletable) => void }) {
  const [quizOpen, setQuizOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);

  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-card" data-testid="topic-card">
      <div className="flex items-start gap-3">
        <Badge variant="secondary" className="mt-0.5 shrink-0">
          #{topic.order}
        </Badge>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-navy-900">{topic.title}</h3>
          <p className="text-sm text-muted-foreground">{topic.description}</p>
          {topic.videoPath && !topic.captionsPath ? (
            <Badge variant="outline" className="mt-1 border-amber-300 bg-amber-50 text-amber-900">
              Video has no captions
            </Badge>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Edit topic ${topic.title}`}
          onClick={() => setEditOpen(true)}
        >
          <Pencil />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete topic ${topic.title}`}
          className="text-destructive hover:text-destructive"
          onClick={() => onDelete({ kind: 'topic', id: topic.id, name: topic.title })}
        >
          <Trash2 />
        </Button>
      </div>
      <TopicMediaSlots topic={topic} />
      <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-border pt-3">
        <ListChecks aria-hidden="true" className="size-4 text-muted-foreground" />
        <Button variant={topic.quiz ? 'outline' : 'accent'} size="sm" onClick={() => setQuizOpen(true)}>
          {topic.quiz ? `Edit Quiz (${topic.quiz.questionCount})` : 'Create Quiz'}
        </Button>
        <span className="text-xs text-muted-foreground">Quiz unlocks next topic</span>
        <span className="sm:ml-auto">
          <TopicKsbsButton topicId={topic.id} topicTitle={topic.title} />
        </span>
      </div>
      <QuizDialog open={quizOpen} onOpenChange={setQuizOpen} topic={topic} />
      <TopicDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        parentId={topic.moduleId}
        existing={topic}
        nextOrder={topic.order}
      />
    </li>
  );
}
