import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
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
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { type WaitlistJoinInput, waitlistJoinSchema } from '#shared/schemas/waitlist.ts';
import { useJoinWaitlist } from '../api/waitlist.ts';
import type { DeferredDialog } from './use-deferred-dialog.ts';

/** The waitlist form behind 'Notify Me' (notify-me.tsx loads it on first use; docs/product.md#waitlist). */
export default function WaitlistDialog({
  course,
  dialog,
}: {
  course: { id: string; title: string };
  dialog: DeferredDialog;
}) {
  const { open, setOpen } = dialog;
  const join = useJoinWaitlist(course.id);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<WaitlistJoinInput>({ resolver: zodResolver(waitlistJoinSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async (values) => {
    const { message } = await join.mutateAsync(values).catch(() => ({ message: null }));
    if (message) setSent(message);
  });
  const id = `waitlist-email-${course.id}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setSent(null);
          join.reset();
          reset();
        }
      }}
    >
      <DialogContent {...dialog.content}>
        <DialogHeader>
          <DialogTitle>Get notified: {course.title}</DialogTitle>
          <DialogDescription>
            We will email you once when this course opens for enrolment. Nothing else, and every email has an
            unsubscribe link.
          </DialogDescription>
        </DialogHeader>
        {sent ? (
          <div className="flex flex-col gap-4">
            <div className="flex items-center gap-3 text-navy-900">
              <MailCheck aria-hidden="true" className="size-6 shrink-0 text-success" />
              <FormNotice tone="success">{sent}</FormNotice>
            </div>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Close
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Join the waitlist">
            {join.isError ? (
              <FormNotice tone="error">
                {getErrorMessage(join.error, 'Could not sign you up. Please try again.')}
              </FormNotice>
            ) : null}
            <div className="flex flex-col gap-2">
              <Label htmlFor={id}>Email</Label>
              <Input
                id={id}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="you@example.com"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? `${id}-error` : undefined}
                {...register('email')}
              />
              <FieldError id={`${id}-error`}>{errors.email?.message}</FieldError>
            </div>
            <Button type="submit" variant="accent" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Email me when it opens'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
