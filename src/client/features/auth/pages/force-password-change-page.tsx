import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LogoMark } from '#client/components/layout/logo.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { logout, useAuth } from '#client/lib/auth.ts';
import { CURRENT_USER_QUERY_KEY } from '#client/lib/query-client.ts';
import { toast } from '#client/lib/toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { changePasswordSchema } from '#shared/schemas/auth.ts';
import { changePassword } from '../api/change-password.ts';

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

/**
 * Shown in place of every signed-in screen while the account still has a temporary password
 * (the server refuses other calls until it is replaced).
 */
export function ForcePasswordChangePage() {
  useDocumentTitle('Change your password');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(null);
    try {
      await changePassword({ currentPassword, newPassword });
    } catch (error) {
      setServerError(getErrorMessage(error, 'Could not change your password. Please try again.'));
      return;
    }
    toast({ title: 'Password updated', description: 'Your new password is saved.' });
    // The guard re-renders the screen the user asked for once the user no longer needs a new password.
    await queryClient.refetchQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  });

  const describedBy = (field: keyof FormValues) => (errors[field] ? `${field}-error` : undefined);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-background px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <LogoMark className="size-12" />
        </div>
        <Card className="p-6 sm:p-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-safety-100 text-safety-700">
              <KeyRound aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight text-navy-950">Change your password</h1>
              <p className="mt-1 text-sm text-muted-foreground">
                You are using a temporary password. Choose a new one to continue.
              </p>
              {user ? (
                <p className="mt-3 text-sm text-muted-foreground">
                  Signed in as <span className="font-medium break-all text-navy-900">{user.email}</span>
                </p>
              ) : null}
            </div>
          </div>

          <form noValidate onSubmit={onSubmit} className="mt-8 flex flex-col gap-5">
            {serverError ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/30 bg-red-50 px-3 py-2.5 text-sm font-medium text-destructive"
              >
                {serverError}
              </p>
            ) : null}

            <div className="flex flex-col gap-2">
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

            <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Updating...' : 'Update password'}
            </Button>
          </form>
        </Card>
        <div className="mt-6 flex justify-center">
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </div>
    </main>
  );
}
