import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  NewPasswordFields,
  PasswordField,
  passwordFieldOf,
} from '#client/components/forms/password-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { getErrorMessage, isErrorCode } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { type ChangePasswordFormValues, changePasswordFormSchema } from '#shared/schemas/accounts.ts';
import { useChangePassword } from '../api/account.ts';
import { SectionHeading } from './section-heading.tsx';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      const message = getErrorMessage(error, 'Could not change your password. Please try again.');
      const field = isErrorCode(error, 'WRONG_PASSWORD', () => /current password/i.test(message))
        ? 'currentPassword'
        : passwordFieldOf(error);
      if (field) setError(field, { message }, { shouldFocus: true });
      else toast({ title: 'Error', description: message, variant: 'destructive' });
      return;
    }
    reset(EMPTY);
    toast({
      title: 'Password updated',
      description: 'Your new password is saved. Other devices have been signed out.',
    });
  });

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
        <PasswordField
          id="currentPassword"
          label="Current password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
          className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
        />
        <NewPasswordFields
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
