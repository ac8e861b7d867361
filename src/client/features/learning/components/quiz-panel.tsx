import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { type ToastHandle, toast } from '#client/lib/toast.ts';
import { cn } from '#client/lib/utils.ts';
import { formatDateTime, plural } from '#shared/format.ts';
import type { Quiz, QuizAttemptResult } from '#shared/schemas/learning.ts';
import { submitQuiz, TOPICS_KEY, useQuiz } from '../api/learning.ts';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

interface QuizPanelProps {
  topicId: string;
  enabled: boolean;
  onPassed: (result: QuizAttemptResult) => void;
  onNextTopic: (topicId: string) => void;
}

/** Start Quiz → questions (with images) → graded by the server → score, pass or fail, retry. */
export function QuizPanel({ topicId, enabled, onPassed, onNextTopic }: QuizPanelProps) {
  const queryClient = useQueryClient();
  const quiz = useQuiz(topicId, enabled);
  const [stage, setStage] = useState<'intro' | 'taking' | 'result'>('intro');
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  // The "Quiz Started" toast belongs to the start: it goes when the answers are sent, never over the result.
  const startedToast = useRef<ToastHandle | null>(null);
  useEffect(() => () => startedToast.current?.dismiss(), []);

  if (quiz.isLoading || !quiz.data) {
    return quiz.isError ? (
      <p className="text-sm text-destructive">
        {getErrorMessage(quiz.error, 'The quiz could not be loaded.')}
      </p>
    ) : (
      <Skeleton className="h-40" />
    );
  }
  const data = quiz.data;
  const allAnswered = data.questions.every((q) => choices[q.id]);
  const blocked = attemptBlock(data);

  function start() {
    setChoices({});
    setResult(null);
    setStage('taking');
    startedToast.current?.dismiss();
    startedToast.current = toast({
      title: 'Quiz Started',
      description: `${data.questions.length} questions. You need ${data.passingScore}% to pass.`,
    });
  }

  async function submit() {
    setSubmitting(true);
    startedToast.current?.dismiss();
    startedToast.current = null;
    try {
      const attempt = await submitQuiz(
        topicId,
        data.questions.map((q) => ({ questionId: q.id, answerId: choices[q.id] ?? null })),
      );
      setResult(attempt);
      setStage('result');
      await queryClient.invalidateQueries({ queryKey: [TOPICS_KEY, topicId, 'quiz'] });
      if (attempt.passed) onPassed(attempt);
    } catch (error) {
      // Refused by the attempt rules: back to the intro, which says when the quiz opens again.
      void queryClient.invalidateQueries({ queryKey: [TOPICS_KEY, topicId, 'quiz'] });
      setStage('intro');
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Failed to submit quiz'),
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  }

  if (stage === 'taking') {
    return (
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {data.questions.map((q, qi) => (
          <fieldset key={q.id} className="rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-semibold">
              Question {qi + 1} of {data.questions.length}
            </legend>
            <p className="mb-3 font-medium">{q.question}</p>
            {q.imagePath ? (
              <img
                src={q.imagePath}
                alt={`Illustration for question ${qi + 1}`}
                className="mb-3 max-h-64 rounded-md border border-border object-contain"
              />
            ) : null}
            <div className="grid gap-2 sm:grid-cols-2">
              {q.answers.map((a, ai) => {
                const checked = choices[q.id] === a.id;
                return (
                  <label
                    key={a.id}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm transition-colors',
                      checked ? 'border-accent bg-safety-50' : 'border-border hover:bg-muted',
                    )}
                  >
                    <input
                      type="radio"
                      name={q.id}
                      value={a.id}
                      checked={checked}
                      onChange={() => setChoices((c) => ({ ...c, [q.id]: a.id }))}
                      className="size-4 accent-safety-600"
                    />
                    <span className="font-semibold text-muted-foreground">{LETTERS[ai]}.</span>
                    <span>{a.answerText}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button variant="ghost" onClick={() => setStage('intro')}>
            Cancel
          </Button>
          <Button type="submit" variant="accent" disabled={!allAnswered || submitting}>
            {submitting ? 'Submitting...' : 'Submit Answers'}
          </Button>
        </div>
      </form>
    );
  }

  if (stage === 'result' && result) {
    return (
      <Card
        className={cn(
          'flex flex-col items-center gap-3 p-6 text-center',
          result.passed ? 'border-green-300' : 'border-red-200',
        )}
      >
        {result.passed ? (
          <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
        ) : (
          <XCircle aria-hidden="true" className="size-12 text-destructive" />
        )}
        <h3 className="text-xl font-bold">{result.passed ? 'Quiz Passed!' : 'Quiz Failed'}</h3>
        <p className="text-3xl font-extrabold">
          <span className="sr-only">Score: </span>
          {result.score}%
        </p>
        <p className="text-sm text-muted-foreground">
          {result.pointsEarned} of {result.pointsPossible} correct · {result.passingScore}% needed to pass
        </p>
        <QuestionResults questions={data.questions} results={result.questions} />
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          {result.passed && result.nextTopicId ? (
            <Button variant="accent" onClick={() => onNextTopic(result.nextTopicId!)}>
              Next Topic
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : null}
          {blocked ? null : (
            <Button variant={result.passed ? 'outline' : 'accent'} onClick={start}>
              <RotateCcw aria-hidden="true" />
              Retry Quiz
            </Button>
          )}
        </div>
        {blocked ? <p className="text-sm text-muted-foreground">{blocked}</p> : null}
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold">{data.title}</h3>
          {data.passed ? <Badge variant="success">Passed</Badge> : null}
        </div>
        {data.description ? <p className="mt-1 text-sm text-muted-foreground">{data.description}</p> : null}
        <p className="mt-2 text-sm">
          {plural(data.questions.length, 'question')} · pass mark {data.passingScore}%
          {data.attemptsRemaining !== null ? ` · ${plural(data.attemptsRemaining, 'attempt')} left` : ''}
        </p>
      </div>
      <div className="flex flex-col items-start gap-2">
        <Button variant="accent" onClick={start} disabled={Boolean(blocked)}>
          Start Quiz
        </Button>
        {blocked ? (
          <p className="text-sm text-muted-foreground" data-testid="quiz-blocked">
            {blocked}
          </p>
        ) : null}
      </div>
      {data.attempts.length > 0 ? (
        <div>
          <h4 className="mb-2 text-sm font-semibold">Your attempts</h4>
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">
            {data.attempts.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <span className="text-muted-foreground">{formatDateTime(a.createdAt)}</span>
                <span className="flex items-center gap-2">
                  <span className="font-semibold">{a.score}%</span>
                  {a.passed ? (
                    <Badge variant="success">Passed</Badge>
                  ) : (
                    <Badge variant="destructive">Failed</Badge>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Why the quiz cannot be started now (no attempts left, or a cooldown running); null when it can. */
function attemptBlock(quiz: Quiz): string | null {
  if (quiz.attemptsRemaining === 0) {
    return 'You have used all your attempts. Ask your tutor to reset them.';
  }
  if (quiz.nextAttemptAt && Date.parse(quiz.nextAttemptAt) > Date.now()) {
    return `You can try again from ${formatDateTime(quiz.nextAttemptAt)}.`;
  }
  return null;
}

/** Which questions were right or wrong; the right answer only when the server sends it (after a pass). */
function QuestionResults({
  questions,
  results,
}: {
  questions: Quiz['questions'];
  results: QuizAttemptResult['questions'];
}) {
  return (
    <ol className="grid w-full max-w-xl gap-2 text-left" aria-label="Your answers">
      {results.map((r, i) => {
        const question = questions.find((q) => q.id === r.questionId);
        const right = r.correctAnswerId
          ? question?.answers.find((a) => a.id === r.correctAnswerId)?.answerText
          : null;
        return (
          <li
            key={r.questionId}
            className={cn(
              'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
              r.correct ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50',
            )}
          >
            {r.correct ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            ) : (
              <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            )}
            <span className="min-w-0 break-words">
              <span className="font-semibold">Question {i + 1}: </span>
              {question?.question ?? ''} <span className="sr-only">—</span>
              <span className={r.correct ? 'text-green-800' : 'text-red-800'}>
                {r.correct ? 'Correct' : 'Wrong'}
              </span>
              {right ? <span className="block text-muted-foreground">Answer: {right}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
