import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormNotice } from '#client/components/forms/form-notice.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { type Review, reviewReasonSchema } from '#shared/schemas/reviews.ts';
import { useReportReview } from '../api/review-mutations.ts';
import type { DeferredDialog } from './use-deferred-dialog.ts';

/** The report form (course-reviews.tsx loads it when a visitor first presses Report). */
export default function ReportReviewDialog({ review, dialog }: { review: Review; dialog: DeferredDialog }) {
  const report = useReportReview();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ reason: string }>({
    resolver: zodResolver(reviewReasonSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit((values) => report.mutate({ reviewId: review.id, reason: values.reason }));
  const id = `report-${review.id}`;
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={(next) => {
        dialog.setOpen(next);
        if (!next) {
          report.reset();
          reset();
        }
      }}
    >
      <DialogContent {...dialog.content}>
        <DialogHeader>
          <DialogTitle>Report this review</DialogTitle>
          <DialogDescription>
            Tell us which part of the reviews policy it breaks. Reports never hide a review by themselves: an
            admin reads it against the policy.
          </DialogDescription>
        </DialogHeader>
        {report.isSuccess ? (
          <FormNotice tone="success">{report.data.message}</FormNotice>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Report review">
            {report.isError ? (
              <FormNotice tone="error">
                {getErrorMessage(report.error, 'Could not send the report.')}
              </FormNotice>
            ) : null}
            <div className="flex flex-col gap-2">
              <Label htmlFor={id}>Reason</Label>
              <Textarea
                id={id}
                rows={3}
                aria-invalid={errors.reason ? true : undefined}
                {...register('reason')}
              />
              <FieldError id={`${id}-error`}>{errors.reason?.message}</FieldError>
            </div>
            <Button type="submit" disabled={report.isPending}>
              Send report
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
