import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Boxes, CheckCircle2, Clock, FileText, HelpCircle, Lock, PlayCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import type { QuizAttemptResult, TopicDetail, VideoProgressResponse } from '#shared/schemas/learning.ts';
import { syncModuleProgress, TOPICS_KEY, useTopic } from '../api/learning.ts';
import { PresentationView } from './presentation-view.tsx';
import { QuizPanel } from './quiz-panel.tsx';
import { VideoLesson } from './video-lesson.tsx';

/** Plays a topic's SCORM package (the scorm feature's player, composed in app/student-dashboard.tsx). */
export type RenderPackage = (topicId: string, onCommitted: () => void) => ReactNode;

interface TopicViewProps {
  topicId: string;
  onBack: () => void;
  onOpenTopic: (topicId: string) => void;
  renderPackage?: RenderPackage;
}

function progressLine(topic: TopicDetail): { text: string; done: boolean } {
  const { progress } = topic;
  if (progress.completed && (!topic.hasQuiz || progress.quizPassed)) return { text: 'Complete', done: true };
  if (progress.videoCompleted && topic.hasQuiz) return { text: 'Video Complete - Quiz Unlocked', done: true };
  return { text: 'In Progress', done: false };
}

/** One topic: title, description, progress line and the Video Lesson / Presentation / Quiz tabs (docs/product.md#portal). */
export function TopicView({ topicId, onBack, onOpenTopic, renderPackage }: TopicViewProps) {
  const queryClient = useQueryClient();
  const query = useTopic(topicId);
  const [chosenTab, setTab] = useState<string | null>(null);
  const topic = query.data;
  const playsPackage = Boolean(topic?.hasPackage && renderPackage);
  const tab = chosenTab ?? (playsPackage ? 'package' : 'video');

  // A commit may complete the topic: the progress line, the outline and the next topic follow.
  function onPackageCommitted() {
    // exact: the player's own query sits under the same key and must not restart the package.
    void queryClient.invalidateQueries({ queryKey: [TOPICS_KEY, topicId], exact: true });
    void queryClient.invalidateQueries({ queryKey: ['/api/modules'] });
  }

  function patchProgress(progress: TopicDetail['progress']) {
    queryClient.setQueryData<TopicDetail>([TOPICS_KEY, topicId], (old) => (old ? { ...old, progress } : old));
  }

  function onReport(response: VideoProgressResponse) {
    patchProgress(response.progress);
    if (!response.justCompleted || !topic) return;
    toast({
      title: 'Video Complete!',
      description: 'Great job! You can now access the quiz and review the presentation.',
    });
    void syncModuleProgress(queryClient, topic.moduleId, response.moduleProgressPercentage);
  }

  function onPassed(result: QuizAttemptResult) {
    if (!topic) return;
    patchProgress({ ...topic.progress, quizPassed: true, completed: true });
    void syncModuleProgress(queryClient, topic.moduleId, result.moduleProgressPercentage);
  }

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2 self-start">
      <ArrowLeft aria-hidden="true" />
      Back to Topics
    </Button>
  );

  if (query.isLoading) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="aspect-video w-full" />
      </div>
    );
  }
  if (!topic) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Card className="flex flex-col items-center gap-2 p-8 text-center">
          <Lock aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-semibold">{getErrorMessage(query.error, 'This topic could not be opened.')}</p>
          <p className="text-sm text-muted-foreground">Complete the earlier topics to unlock it.</p>
        </Card>
      </div>
    );
  }

  const line = progressLine(topic);
  const quizLocked = !topic.progress.quizUnlocked;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <div>
        <h2 className="text-xl font-bold sm:text-2xl">{topic.title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{topic.description}</p>
        <p className="mt-2 flex items-center gap-1.5 text-sm font-medium" aria-live="polite">
          {line.done ? (
            <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
          ) : (
            <Clock aria-hidden="true" className="size-4 text-safety-600" />
          )}
          <span data-testid="topic-progress-line">{line.text}</span>
        </p>
      </div>
      <Card className="p-3 sm:p-5">
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="w-full justify-start sm:w-auto">
            {playsPackage ? (
              <TabsTrigger value="package">
                <Boxes aria-hidden="true" />
                Lesson
              </TabsTrigger>
            ) : null}
            <TabsTrigger value="video">
              <PlayCircle aria-hidden="true" />
              <span className="sm:hidden">Video</span>
              <span className="hidden sm:inline">Video Lesson</span>
            </TabsTrigger>
            <TabsTrigger value="presentation">
              <FileText aria-hidden="true" />
              <span className="sm:hidden">Slides</span>
              <span className="hidden sm:inline">Presentation</span>
            </TabsTrigger>
            <TabsTrigger value="quiz" disabled={quizLocked}>
              {quizLocked ? <Lock aria-hidden="true" /> : <HelpCircle aria-hidden="true" />}
              {quizLocked ? 'Quiz (Locked)' : 'Quiz'}
            </TabsTrigger>
          </TabsList>
          {playsPackage ? (
            <TabsContent value="package">{renderPackage?.(topic.id, onPackageCommitted)}</TabsContent>
          ) : null}
          <TabsContent value="video" forceMount className="data-[state=inactive]:hidden">
            <VideoLesson key={topic.id} topic={topic} onReport={onReport} />
          </TabsContent>
          <TabsContent value="presentation">
            <PresentationView topic={topic} />
          </TabsContent>
          <TabsContent value="quiz">
            {topic.hasQuiz ? (
              <QuizPanel
                topicId={topic.id}
                enabled={!quizLocked}
                onPassed={onPassed}
                onNextTopic={onOpenTopic}
              />
            ) : (
              <div className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
                <p>
                  This topic has no quiz.{' '}
                  {topic.progress.completed
                    ? 'It is complete.'
                    : topic.hasPackage
                      ? 'Finish the lesson to complete it.'
                      : 'Watch the video to complete it.'}
                </p>
                {topic.progress.completed && topic.nextTopicId ? (
                  <Button variant="accent" onClick={() => onOpenTopic(topic.nextTopicId!)}>
                    Next Topic
                  </Button>
                ) : null}
              </div>
            )}
          </TabsContent>
        </Tabs>
      </Card>
      {topic.progress.completed ? (
        <Badge variant="success" className="self-start">
          <CheckCircle2 aria-hidden="true" />
          Topic complete
        </Badge>
      ) : null}
    </div>
  );
}
