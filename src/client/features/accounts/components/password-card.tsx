import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { changePasswordSchema } from '#shared/schemas/auth.ts';
import { useChangePassword } from '../api/account.ts';
import { SectionHeading } from './section-heading.tsx';

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your new password') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from your current one',
  });
type FormValues = z.infer<typeof formSchema>;

const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      const message = getErrorMessage(error, 'Could not change your password. Please try again.');
      if (/current password/i.test(message)) setError('currentPassword', { message });
      else toast({ title: 'Error', description: message, variant: 'destructive' });
      return;
    }
    reset(EMPTY);
    toast({
      title: 'Password updated',
      description: 'Your new password is saved. Other devices have been signed out.',
    });
  });

  const describedBy = (name: keyof FormValues) => (errors[name] ? `${name}-error` : undefined);

  return (
    <Card className="p-5 sm:p-6">
      <SectionHeading
        id="password-heading"
        title="Password"
        description="Changing it signs out every other device. We email you to confirm."
      />
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="password-heading"
        className="grid gap-5 sm:grid-cols-2"
      >
        <div className="flex flex-col gap-2 sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]">
          <Label htmlFor="currentPassword">Current password</Label>
          <PasswordInput
            id="currentPassword"
            autoComplete="current-password"
            aria-invalid={errors.currentPassword ? true : undefined}
            aria-describedby={describedBy('currentPassword')}
            {...register('currentPassword')}
          />
          <FieldError id="currentPassword-error">{errors.currentPassword?.message}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="newPassword">New password</Label>
          <PasswordInput
            id="newPassword"
            autoComplete="new-password"
            aria-invalid={errors.newPassword ? true : undefined}
            aria-describedby={errors.newPassword ? 'newPassword-error' : 'newPassword-hint'}
            {...register('newPassword')}
          />
          {errors.newPassword ? (
            <FieldError id="newPassword-error">{errors.newPassword.message}</FieldError>
          ) : (
            <p id="newPassword-hint" className="text-xs text-muted-foreground">
              At least 8 characters.
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="confirmPassword">Confirm new password</Label>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={describedBy('confirmPassword')}
            {...register('confirmPassword')}
          />
          <FieldError id="confirmPassword-error">{errors.confirmPassword?.message}</FieldError>
        </div>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
