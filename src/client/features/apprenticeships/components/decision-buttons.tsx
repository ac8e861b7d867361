import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { type OtjEntry, otjRejectSchema } from '#shared/schemas/apprenticeships.ts';
import { errorToast, useApprove, useReject } from '../api/apprenticeships.ts';

/**
 * Approve, or reject with a reason the apprentice will read. The entry's KSB tags are confirmed on approval unless
 * the tutor unticks them (docs/apprenticeships.md "Evidence and KSBs").
 */
export function DecisionButtons({ entryId, tags = [] }: { entryId: string; tags?: OtjEntry['ksbs'] }) {
  const approve = useApprove();
  const reject = useReject();
  const [open, setOpen] = useState(false);
  const [rejectedKsbIds, setRejected] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ reason: string }>({ resolver: zodResolver(otjRejectSchema), defaultValues: { reason: '' } });
  const onReject = handleSubmit(async ({ reason }) => {
    try {
      await reject.mutateAsync({ id: entryId, reason });
      reset();
      setOpen(false);
    } catch (error) {
      errorToast('Could not reject the entry', error);
    }
  });
  return (
    <>
      {tags.length ? (
        <fieldset className="flex w-full flex-wrap items-center gap-1.5">
          <legend className="sr-only">KSB tags: press one to reject it</legend>
          {tags.map((tag) => {
            const kept = !rejectedKsbIds.includes(tag.id);
            return (
              <button
                key={tag.id}
                type="button"
                aria-pressed={kept}
                title={
                  kept ? 'Confirmed on approval: press to reject this tag' : 'Rejected: press to confirm'
                }
                onClick={() =>
                  setRejected(
                    kept ? [...rejectedKsbIds, tag.id] : rejectedKsbIds.filter((id) => id !== tag.id),
                  )
                }
                className={`min-h-8 rounded-full border px-2.5 font-mono text-xs font-bold ${kept ? 'border-green-700 bg-green-50 text-green-900' : 'border-border bg-muted text-muted-foreground line-through'}`}
              >
                {tag.code}
              </button>
            );
          })}
        </fieldset>
      ) : null}
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <X aria-hidden="true" /> Reject
      </Button>
      <Button
        size="sm"
        disabled={approve.isPending}
        onClick={() =>
          approve.mutate(
            { id: entryId, rejectedKsbIds },
            { onError: (e) => errorToast('Could not approve the entry', e) },
          )
        }
      >
        <Check aria-hidden="true" /> Approve
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Reject entry</DialogTitle>
            <DialogDescription>The apprentice sees your reason and can amend the entry.</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={onReject} className="flex flex-col gap-3">
            <Label htmlFor={`reason-${entryId}`}>Reason</Label>
            <Textarea
              id={`reason-${entryId}`}
              rows={3}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `reason-${entryId}-error` : undefined}
              {...register('reason')}
            />
            <FieldError id={`reason-${entryId}-error`}>{errors.reason?.message}</FieldError>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={isSubmitting}>
                Reject entry
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
