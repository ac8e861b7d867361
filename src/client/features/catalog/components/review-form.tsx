import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormNotice } from '#client/components/forms/form-notice.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import {
  REVIEW_BODY_MAX,
  type Review,
  type ReviewInput,
  reviewInputSchema,
} from '#shared/schemas/reviews.ts';
import { useSubmitReview } from '../api/review-mutations.ts';

const LABELS = ['', 'Poor', 'Below average', 'Average', 'Good', 'Excellent'];

/** 1–5 stars as a radio group: arrow keys move, each star says what it means. */
function StarPicker({
  value,
  onChange,
  invalid,
}: {
  value: number;
  onChange: (n: number) => void;
  invalid: boolean;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="Your rating"
      aria-invalid={invalid || undefined}
      className="flex gap-1"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <label
          key={n}
          className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          <input
            type="radio"
            name="rating"
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="sr-only"
            aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${LABELS[n]}`}
          />
          <Star
            aria-hidden="true"
            className={cn('size-8', n <= value ? 'fill-safety-500 text-safety-500' : 'text-navy-300')}
          />
        </label>
      ))}
      <span className="ml-2 self-center text-sm text-muted-foreground">{value ? LABELS[value] : ''}</span>
    </div>
  );
}

/** The verified learner's review: written once, edited afterwards (docs/product.md#reviews). */
export function ReviewForm({ courseId, existing }: { courseId: string; existing: Review | null }) {
  const submit = useSubmitReview(courseId);
  const [saved, setSaved] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { rating: existing?.rating ?? 0, body: existing?.body ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    await submit.mutateAsync(values).then(
      () => setSaved(true),
      () => undefined,
    );
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your review" className="flex flex-col gap-4">
      {submit.isError ? (
        <FormNotice tone="error">{getErrorMessage(submit.error, 'Could not save your review.')}</FormNotice>
      ) : null}
      {saved ? <FormNotice tone="success">Thank you: your review is published.</FormNotice> : null}
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-navy-900">Your rating</span>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarPicker value={field.value} onChange={field.onChange} invalid={Boolean(errors.rating)} />
          )}
        />
        <FieldError id="review-rating-error">{errors.rating?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="review-body">Your review</Label>
        <Textarea
          id="review-body"
          rows={4}
          maxLength={REVIEW_BODY_MAX}
          placeholder="What was good, and what could be better?"
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? 'review-body-error' : undefined}
          {...register('body')}
        />
        <FieldError id="review-body-error">{errors.body?.message}</FieldError>
      </div>
      <Button type="submit" variant="accent" className="self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Publishing...' : existing ? 'Update my review' : 'Publish my review'}
      </Button>
    </form>
  );
}
