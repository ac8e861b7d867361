import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { errorId, type FieldErrors, invalidProps } from '#client/components/forms/field-errors.ts';
import { useSchemaForm } from '#client/components/forms/schema-form.ts';
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
  question: string;
  imagePath: string | null;
  answers: { answerText: string; isCorrect: boolean }[];
}

/** What the editor shows; the same shape as the request (quizInputSchema), numbers still as typed. */
interface QuizValues {
  quiz: {
    title: string;
    description: string;
    passingScore: string;
    maxAttempts: string;
    cooldownMinutes: string;
    shuffleAnswers: boolean;
    showCorrectAnswers: boolean;
  };
  questions: DraftQuestion[];
}

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** A new question starts with 4 blank answers (docs/product.md#validation). */
function blankQuestion(): DraftQuestion {
  return {
    question: '',
    imagePath: null,
    answers: Array.from({ length: ANSWERS_PER_QUESTION }, () => ({ answerText: '', isCorrect: false })),
  };
}

function fromQuiz(quiz: AdminQuiz): DraftQuestion[] {
  return quiz.questions.map((q) => ({
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
  const { form, errors, submit } = useSchemaForm<QuizValues, typeof quizInputSchema>({
    schema: quizInputSchema,
    defaultValues: blankQuiz(),
    idFor: quizFieldId,
  });
  const { control, register, reset, setValue, watch } = form;
  const questions = useFieldArray({ control, name: 'questions' });
  const client = useQueryClient();

  useEffect(() => {
    if (!open) return;
    if (editing && existing) reset(fromExisting(existing));
    else if (!editing) reset(blankQuiz());
  }, [open, editing, existing, reset]);

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

  const onSubmit = submit((body) => save.mutate(body), validationToast);

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
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
              <Field label="Quiz title *" htmlFor="q-title" error={errors['q-title']}>
                <Input id="q-title" {...invalidProps(errors, 'q-title')} {...register('quiz.title')} />
              </Field>
              <Field label="Passing score (%)" htmlFor="q-score" error={errors['q-score']}>
                <Input
                  id="q-score"
                  type="number"
                  min={1}
                  max={100}
                  {...invalidProps(errors, 'q-score')}
                  {...register('quiz.passingScore')}
                />
              </Field>
            </div>
            <Field label="Description" htmlFor="q-description">
              <Textarea id="q-description" rows={2} {...register('quiz.description')} />
            </Field>
            <QuizRulesFields form={form} errors={errors} />
            <ol className="grid [&>*]:min-w-0 gap-4">
              {questions.fields.map((field, index) => {
                const imagePath = watch(`questions.${index}.imagePath`);
                const answers = watch(`questions.${index}.answers`) ?? [];
                return (
                  <li
                    key={field.id}
                    className="rounded-lg border border-border bg-muted/40 p-3 sm:p-4"
                    aria-label={`Question ${index + 1}`}
                  >
                    <div className="mb-2 flex items-center justify-between gap-2">
                      <span className="text-sm font-semibold text-navy-900">Question {index + 1}</span>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Remove question ${index + 1}`}
                        disabled={questions.fields.length <= 1}
                        onClick={() => questions.remove(index)}
                      >
                        <Trash2 />
                      </Button>
                    </div>
                    <Input
                      id={`q-question-${index}`}
                      aria-label={`Question ${index + 1} text`}
                      placeholder="Question"
                      {...(index === 0 ? invalidProps(errors, 'q-question-0') : {})}
                      {...register(`questions.${index}.question`)}
                    />
                    {index === 0 ? (
                      <FieldError id={errorId('q-question-0')} className="mt-1.5">
                        {errors['q-question-0']}
                      </FieldError>
                    ) : null}
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      {imagePath ? (
                        <>
                          <img
                            src={imagePath}
                            alt=""
                            className="h-12 w-20 rounded border border-border object-cover"
                          />
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setValue(`questions.${index}.imagePath`, null)}
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
                          onUploaded={(path) => setValue(`questions.${index}.imagePath`, path)}
                          onError={(error) => errorToast('Upload failed. Please try again', error)}
                        />
                      )}
                    </div>
                    <fieldset className="mt-3 grid gap-2 sm:grid-cols-2">
                      <legend className="sr-only">
                        Answers for question {index + 1}; choose the correct one
                      </legend>
                      {answers.map((a, i) => (
                        <div key={LETTERS[i]} className="flex items-center gap-2">
                          <input
                            type="radio"
                            name={`correct-${field.id}`}
                            aria-label={`Answer ${LETTERS[i]} is correct`}
                            className="size-4 accent-green-700"
                            checked={a.isCorrect}
                            onChange={() => {
                              for (const j of answers.keys())
                                setValue(`questions.${index}.answers.${j}.isCorrect`, j === i);
                            }}
                          />
                          <span className="w-4 text-sm font-semibold text-muted-foreground">
                            {LETTERS[i]}
                          </span>
                          <Input
                            aria-label={`Question ${index + 1} answer ${LETTERS[i]}`}
                            className="h-10"
                            {...register(`questions.${index}.answers.${i}.answerText`)}
                          />
                        </div>
                      ))}
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => questions.append(blankQuestion())}
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

function blankQuiz(): QuizValues {
  return {
    quiz: {
      title: '',
      description: '',
      passingScore: String(DEFAULT_PASSING_SCORE),
      maxAttempts: '',
      cooldownMinutes: '0',
      shuffleAnswers: false,
      showCorrectAnswers: false,
    },
    questions: [blankQuestion()],
  };
}

function fromExisting(existing: AdminQuiz): QuizValues {
  return {
    quiz: {
      title: existing.title,
      description: existing.description,
      passingScore: String(existing.passingScore),
      maxAttempts: existing.maxAttempts === null ? '' : String(existing.maxAttempts),
      cooldownMinutes: String(existing.cooldownMinutes),
      shuffleAnswers: existing.shuffleAnswers,
      showCorrectAnswers: existing.showCorrectAnswers,
    },
    questions: existing.questions.length ? fromQuiz(existing) : [blankQuestion()],
  };
}

const QUIZ_FIELD_IDS: Record<string, string> = {
  'quiz.title': 'q-title',
  'quiz.passingScore': 'q-score',
  'quiz.maxAttempts': 'q-max-attempts',
  'quiz.cooldownMinutes': 'q-cooldown',
};

/** Where a message shows: the quiz fields under themselves, anything about the questions under the first one. */
const quizFieldId = (path: string) => (path.startsWith('questions') ? 'q-question-0' : QUIZ_FIELD_IDS[path]);

/** The attempt rules (README 'Quizzes'): how often, how soon again, answer order, answers shown after a pass. */
function QuizRulesFields({
  form,
  errors,
}: {
  form: Pick<UseFormReturn<QuizValues>, 'register' | 'setValue' | 'watch'>;
  errors: FieldErrors;
}) {
  const { register, setValue, watch } = form;
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
          {...invalidProps(errors, 'q-max-attempts')}
          {...register('quiz.maxAttempts')}
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
          {...invalidProps(errors, 'q-cooldown')}
          {...register('quiz.cooldownMinutes')}
        />
      </Field>
      <label className="flex items-start gap-2 text-sm" htmlFor="q-shuffle">
        <Checkbox
          id="q-shuffle"
          checked={watch('quiz.shuffleAnswers')}
          onCheckedChange={(v) => setValue('quiz.shuffleAnswers', v === true)}
        />
        <span>Shuffle the answer order on every attempt</span>
      </label>
      <label className="flex items-start gap-2 text-sm" htmlFor="q-show-correct">
        <Checkbox
          id="q-show-correct"
          checked={watch('quiz.showCorrectAnswers')}
          onCheckedChange={(v) => setValue('quiz.showCorrectAnswers', v === true)}
        />
        <span>Show the correct answers after a pass</span>
      </label>
    </fieldset>
  );
}
