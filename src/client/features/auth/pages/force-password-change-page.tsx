import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { FormNotice } from '#client/components/forms/form-notice.tsx';
import {
  NewPasswordFields,
  PasswordField,
  passwordFieldOf,
} from '#client/components/forms/password-field.tsx';
import { LogoMark } from '#client/components/layout/logo.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { getErrorCode, getErrorMessage } from '#client/lib/api-client.ts';
import { logout, useAuth } from '#client/lib/auth.ts';
import { CURRENT_USER_QUERY_KEY } from '#client/lib/query-client.ts';
import { toast } from '#client/lib/toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import {
  type ChangePasswordFormValues,
  changePasswordFormSchema,
  resetPasswordFormSchema,
} from '#shared/schemas/accounts.ts';
import { changePassword } from '../api/change-password.ts';

/**
 * Shown in place of every signed-in screen while the account still has a temporary password
 * (the server refuses other calls until it is replaced). Right after signing in with the temporary password it
 * is not asked for again; later (a reload after some minutes) it is.
 */
export function ForcePasswordChangePage() {
  useDocumentTitle('Change your password');
  const { user } = useAuth();
  const [askCurrent, setAskCurrent] = useState(false);
  const needsCurrent = askCurrent || !user?.temporaryPasswordConfirmed;

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
          {/* A fresh form when the current password becomes needed: its schema changes with it. */}
          <ForcedChangeForm
            key={needsCurrent ? 'ask' : 'skip'}
            askCurrent={needsCurrent}
            onCurrentNeeded={() => setAskCurrent(true)}
          />
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

function ForcedChangeForm({
  askCurrent,
  onCurrentNeeded,
}: {
  askCurrent: boolean;
  onCurrentNeeded: () => void;
}) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({
    // Without the current password the form is the reset form's: new password and its confirmation.
    resolver: (askCurrent
      ? zodResolver(changePasswordFormSchema)
      : zodResolver(resetPasswordFormSchema)) as Resolver<ChangePasswordFormValues>,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(null);
    try {
      await changePassword(askCurrent ? { currentPassword, newPassword } : { newPassword });
    } catch (error) {
      const message = getErrorMessage(error, 'Could not change your password. Please try again.');
      const field = passwordFieldOf(error);
      if (getErrorCode(error) === 'CURRENT_PASSWORD_REQUIRED') onCurrentNeeded();
      else if (field) setError(field, { message }, { shouldFocus: true });
      else setServerError(message);
      return;
    }
    toast({ title: 'Password updated', description: 'Your new password is saved.' });
    // The guard re-renders the screen the user asked for once the user no longer needs a new password.
    await queryClient.refetchQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-8 flex flex-col gap-5">
      {serverError ? <FormNotice tone="error">{serverError}</FormNotice> : null}
      {askCurrent ? (
        <PasswordField
          id="currentPassword"
          label="Current password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
          hint="The temporary password from your email."
        />
      ) : null}
      <NewPasswordFields
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Updating...' : 'Update password'}
      </Button>
    </form>
  );
}
