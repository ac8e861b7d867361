import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  errorId,
  type FieldErrors,
  fieldErrorsFrom,
  focusFirstInvalid,
  invalidProps,
} from '#client/components/forms/field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { ANSWERS_PER_QUESTION, DEFAULT_PASSING_SCORE, IMAGE_MAX_BYTES } from '#shared/constants.ts';
import { type AdminQuiz, type AdminTopic, quizInputSchema } from '#shared/schemas/admin-content.ts';
import { adminApi, adminKeys, errorToast, successToast, useQuiz, validationToast } from '../api/admin-api.ts';
import { Field, FormFooter } from './empty-state.tsx';

interface DraftQuestion {
  key: number;
  question: string;
  imagePath: string | null;
  answers: { answerText: string; isCorrect: boolean }[];
}

let nextKey = 1;
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** A new question starts with 4 blank answers (docs/product.md#validation). */
function blankQuestion(): DraftQuestion {
  return {
    key: nextKey++,
    question: '',
    imagePath: null,
    answers: Array.from({ length: ANSWERS_PER_QUESTION }, () => ({ answerText: '', isCorrect: false })),
  };
}

function fromQuiz(quiz: AdminQuiz): DraftQuestion[] {
  return quiz.questions.map((q) => ({
    key: nextKey++,
    question: q.question,
    imagePath: q.imagePath,
    answers: [
      ...q.answers.map((a) => ({ answerText: a.answerText, isCorrect: a.isCorrect })),
      ...Array.from({ length: Math.max(0, ANSWERS_PER_QUESTION - q.answers.length) }, () => ({
        answerText: '',
        isCorrect: false,
      })),
    ],
  }));
}

export function QuizDialog({
  open,
  onOpenChange,
  topic,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  topic: AdminTopic;
}) {
  const editing = Boolean(topic.quiz);
  const { data: existing, isLoading } = useQuiz(topic.id, open && editing);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [passingScore, setPassingScore] = useState(String(DEFAULT_PASSING_SCORE));
  const [questions, setQuestions] = useState<DraftQuestion[]>([blankQuestion()]);
  const [rules, setRules] = useState<DraftRules>(DEFAULT_RULES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const client = useQueryClient();

  useEffect(() => {
    if (!open) return;
    if (editing && existing) {
      setTitle(existing.title);
      setDescription(existing.description);
      setPassingScore(String(existing.passingScore));
      setQuestions(existing.questions.length ? fromQuiz(existing) : [blankQuestion()]);
      setRules({
        maxAttempts: existing.maxAttempts === null ? '' : String(existing.maxAttempts),
        cooldownMinutes: String(existing.cooldownMinutes),
        shuffleAnswers: existing.shuffleAnswers,
        showCorrectAnswers: existing.showCorrectAnswers,
      });
    } else if (!editing) {
      setTitle('');
      setDescription('');
      setPassingScore(String(DEFAULT_PASSING_SCORE));
      setQuestions([blankQuestion()]);
      setRules(DEFAULT_RULES);
    }
    setErrors({});
  }, [open, editing, existing]);

  const save = useMutation({
    mutationFn: (body: unknown) => adminApi.saveQuiz(topic.id, editing, body),
    onSuccess: () => {
      successToast(editing ? 'Quiz updated successfully' : 'Quiz created successfully');
      void client.invalidateQueries({ queryKey: adminKeys.topics(topic.moduleId) });
      void client.invalidateQueries({ queryKey: adminKeys.quiz(topic.id) });
      onOpenChange(false);
    },
    onError: (error) => errorToast(editing ? 'Failed to update quiz' : 'Failed to create quiz', error),
  });

  const update = (key: number, change: (q: DraftQuestion) => DraftQuestion) =>
    setQuestions((qs) => qs.map((q) => (q.key === key ? change(q) : q)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      quiz: { title, description, passingScore, ...rules },
      questions: questions.map(({ question, imagePath, answers }) => ({ question, imagePath, answers })),
    };
    const parsed = quizInputSchema.safeParse(body);
    if (!parsed.success) {
      const found = fieldErrorsFrom(parsed.error.issues, (path) =>
        path[0] === 'questions' ? 'q-question-0' : FIELD_IDS[String(path[1])],
      );
      setErrors(found);
      focusFirstInvalid(found);
      return validationToast(parsed.error.issues[0]?.message ?? 'Failed to create quiz');
    }
    setErrors({});
    save.mutate(body);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Quiz' : 'Create Quiz'}</DialogTitle>
          <DialogDescription>
            For “{topic.title}”. Mark one correct answer per question; questions without text, answers or a
            correct answer are left out.
          </DialogDescription>
        </DialogHeader>
        {editing && isLoading ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading quiz..." showLabel />
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
              <Field label="Quiz title *" htmlFor="q-title" error={errors['q-title']}>
                <Input
                  id="q-title"
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  {...invalidProps(errors, 'q-title')}
                />
              </Field>
              <Field label="Passing score (%)" htmlFor="q-score" error={errors['q-score']}>
                <Input
                  id="q-score"
                  type="number"
                  min={1}
                  max={100}
                  value={passingScore}
                  onChange={(e) => setPassingScore(e.target.value)}
                  {...invalidProps(errors, 'q-score')}
                />
              </Field>
            </div>
            <Field label="Description" htmlFor="q-description">
              <Textarea
                id="q-description"
                rows={2}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </Field>
            <QuizRulesFields rules={rules} onChange={setRules} errors={errors} />
            <ol className="grid [&>*]:min-w-0 gap-4">
              {questions.map((q, index) => (
                <li
                  key={q.key}
                  className="rounded-lg border border-border bg-muted/40 p-3 sm:p-4"
                  aria-label={`Question ${index + 1}`}
                >
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <span className="text-sm font-semibold text-navy-900">Question {index + 1}</span>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Remove question ${index + 1}`}
                      disabled={questions.length <= 1}
                      onClick={() => setQuestions((qs) => qs.filter((x) => x.key !== q.key))}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                  <Input
                    id={`q-question-${index}`}
                    aria-label={`Question ${index + 1} text`}
                    placeholder="Question"
                    value={q.question}
                    onChange={(e) => update(q.key, (d) => ({ ...d, question: e.target.value }))}
                    {...(index === 0 ? invalidProps(errors, 'q-question-0') : {})}
                  />
                  {index === 0 ? (
                    <FieldError id={errorId('q-question-0')} className="mt-1.5">
                      {errors['q-question-0']}
                    </FieldError>
                  ) : null}
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    {q.imagePath ? (
                      <>
                        <img
                          src={q.imagePath}
                          alt=""
                          className="h-12 w-20 rounded border border-border object-cover"
                        />
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => update(q.key, (d) => ({ ...d, imagePath: null }))}
                        >
                          Remove image
                        </Button>
                      </>
                    ) : (
                      <ObjectUploader
                        fileType="image"
                        maxFileSize={IMAGE_MAX_BYTES}
                        buttonLabel="Add image (optional)"
                        label={`Question ${index + 1} image (optional)`}
                        onUploaded={(path) => update(q.key, (d) => ({ ...d, imagePath: path }))}
                        onError={(error) => errorToast('Upload failed. Please try again', error)}
                      />
                    )}
                  </div>
                  <fieldset className="mt-3 grid gap-2 sm:grid-cols-2">
                    <legend className="sr-only">
                      Answers for question {index + 1}; choose the correct one
                    </legend>
                    {q.answers.map((a, i) => (
                      <div key={LETTERS[i]} className="flex items-center gap-2">
                        <input
                          type="radio"
                          name={`correct-${q.key}`}
                          aria-label={`Answer ${LETTERS[i]} is correct`}
                          className="size-4 accent-green-700"
                          checked={a.isCorrect}
                          onChange={() =>
                            update(q.key, (d) => ({
                              ...d,
                              answers: d.answers.map((x, j) => ({ ...x, isCorrect: j === i })),
                            }))
                          }
                        />
                        <span className="w-4 text-sm font-semibold text-muted-foreground">{LETTERS[i]}</span>
                        <Input
                          aria-label={`Question ${index + 1} answer ${LETTERS[i]}`}
                          className="h-10"
                          value={a.answerText}
                          onChange={(e) =>
                            update(q.key, (d) => ({
                              ...d,
                              answers: d.answers.map((x, j) =>
                                j === i ? { ...x, answerText: e.target.value } : x,
                              ),
                            }))
                          }
                        />
                      </div>
                    ))}
                  </fieldset>
                </li>
              ))}
            </ol>
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => setQuestions((qs) => [...qs, blankQuestion()])}
            >
              <Plus /> Add Question
            </Button>
            <FormFooter onCancel={() => onOpenChange(false)} busy={save.isPending}>
              {save.isPending ? 'Saving...' : editing ? 'Save Quiz' : 'Create Quiz'}
            </FormFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

interface DraftRules {
  maxAttempts: string;
  cooldownMinutes: string;
  shuffleAnswers: boolean;
  showCorrectAnswers: boolean;
}
const DEFAULT_RULES: DraftRules = {
  maxAttempts: '',
  cooldownMinutes: '0',
  shuffleAnswers: false,
  showCorrectAnswers: false,
};
const FIELD_IDS: Record<string, string> = {
  title: 'q-title',
  passingScore: 'q-score',
  maxAttempts: 'q-max-attempts',
  cooldownMinutes: 'q-cooldown',
};

/** The attempt rules (README 'Quizzes'): how often, how soon again, answer order, answers shown after a pass. */
function QuizRulesFields({
  rules,
  onChange,
  errors,
}: {
  rules: DraftRules;
  onChange: (rules: DraftRules) => void;
  errors: FieldErrors;
}) {
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-3 sm:grid-cols-2 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-navy-900">Attempts</legend>
      <Field
        label="Maximum attempts"
        htmlFor="q-max-attempts"
        hint="Blank for unlimited. After the last one, reset the student's attempts."
        error={errors['q-max-attempts']}
      >
        <Input
          id="q-max-attempts"
          type="number"
          min={1}
          max={100}
          placeholder="Unlimited"
          value={rules.maxAttempts}
          onChange={(e) => onChange({ ...rules, maxAttempts: e.target.value })}
          {...invalidProps(errors, 'q-max-attempts')}
        />
      </Field>
      <Field
        label="Cooldown between attempts (minutes)"
        htmlFor="q-cooldown"
        hint="0 lets students try again at once."
        error={errors['q-cooldown']}
      >
        <Input
          id="q-cooldown"
          type="number"
          min={0}
          max={10080}
          value={rules.cooldownMinutes}
          onChange={(e) => onChange({ ...rules, cooldownMinutes: e.target.value })}
          {...invalidProps(errors, 'q-cooldown')}
        />
      </Field>
      <label className="flex items-start gap-2 text-sm" htmlFor="q-shuffle">
        <Checkbox
          id="q-shuffle"
          checked={rules.shuffleAnswers}
          onCheckedChange={(v) => onChange({ ...rules, shuffleAnswers: v === true })}
        />
        <span>Shuffle the answer order on every attempt</span>
      </label>
      <label className="flex items-start gap-2 text-sm" htmlFor="q-show-correct">
        <Checkbox
          id="q-show-correct"
          checked={rules.showCorrectAnswers}
          onCheckedChange={(v) => onChange({ ...rules, showCorrectAnswers: v === true })}
        />
        <span>Show the correct answers after a pass</span>
      </label>
    </fieldset>
  );
}
