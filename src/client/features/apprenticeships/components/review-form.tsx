import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { ukIsoDate } from '#shared/format.ts';
import { type ReviewInput, reviewInputSchema } from '#shared/schemas/apprenticeships.ts';
import { useRecordReview } from '../api/apprenticeships.ts';
import { FormGrid, fieldProps } from './form-grid.tsx';

/** The tutor records a progress review; the apprentice, tutor and employer contact then sign it. */
export function ReviewForm({
  studentId,
  approvedHours,
  onDone,
}: {
  studentId: string;
  approvedHours: number;
  onDone: () => void;
}) {
  const record = useRecordReview();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: {
      reviewDate: ukIsoDate(),
      otjHoursToDate: approvedHours,
      progressSummary: '',
      nextSteps: '',
      supportNeeds: '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await record.mutateAsync({ studentId, body: values });
      onDone();
    } catch (error) {
      setError('root', { message: getErrorMessage(error, 'Could not record the review') });
    }
  });
  const field = (name: keyof ReviewInput) => fieldProps(`review-${name}`, errors[name]);

  return (
    <FormGrid label="Record a progress review" onSubmit={onSubmit} rootError={errors.root?.message}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="review-reviewDate">Review date</Label>
        <Input type="date" max={ukIsoDate()} {...field('reviewDate')} {...register('reviewDate')} />
        <FieldError id="review-reviewDate-error">{errors.reviewDate?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="review-otjHoursToDate">Off-the-job hours to date</Label>
        <Input
          type="number"
          step={0.25}
          {...field('otjHoursToDate')}
          {...register('otjHoursToDate', { valueAsNumber: true })}
        />
        <FieldError id="review-otjHoursToDate-error">{errors.otjHoursToDate?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="review-progressSummary">Progress against the standard</Label>
        <Textarea rows={3} {...field('progressSummary')} {...register('progressSummary')} />
        <FieldError id="review-progressSummary-error">{errors.progressSummary?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="review-nextSteps">Next steps</Label>
        <Textarea rows={3} {...field('nextSteps')} {...register('nextSteps')} />
        <FieldError id="review-nextSteps-error">{errors.nextSteps?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="review-supportNeeds">Support needs (optional)</Label>
        <Textarea rows={2} {...field('supportNeeds')} {...register('supportNeeds')} />
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Record review'}
        </Button>
      </div>
    </FormGrid>
  );
}
