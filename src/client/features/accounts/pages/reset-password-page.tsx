import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Link2Off } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { FormNotice } from '#client/components/forms/form-notice.tsx';
import { NewPasswordFields, passwordFieldOf } from '#client/components/forms/password-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { getErrorMessage, getErrorStatus, isErrorCode } from '#client/lib/api-client.ts';
import { hardNavigate } from '#client/lib/navigation.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type ResetPasswordFormValues, resetPasswordFormSchema } from '#shared/schemas/accounts.ts';
import { confirmPasswordReset } from '../api/password-reset.ts';
import { AuthCardLayout } from '../components/auth-card-layout.tsx';

const INCOMPLETE_LINK =
  'This password reset link is incomplete. Open the whole link from the email, or ask for a new one.';

/** The link's token is in the query string: while this page is open, nothing may send it on as a Referer. */
function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** /reset-password?token=…: chooses a new password from the emailed link, then signs the user in. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  useNoReferrer();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : INCOMPLETE_LINK);
  const [serverError, setServerError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setServerError(null);
    try {
      await confirmPasswordReset({ token, newPassword });
    } catch (error) {
      const message = getErrorMessage(error, 'Could not reset your password. Please try again.');
      // A 400 about the link itself (used, expired, unknown) means this form cannot succeed.
      if (
        getErrorStatus(error) === 400 &&
        isErrorCode(error, 'RESET_TOKEN_INVALID', () => /link/i.test(message))
      ) {
        setLinkProblem(message);
      } else if (passwordFieldOf(error) === 'newPassword') {
        setError('newPassword', { message }, { shouldFocus: true });
      } else setServerError(message);
      return;
    }
    setLeaving(true);
    // A full load starts the signed-in app with a clean cache, as after signing in.
    hardNavigate('/');
  });

  if (linkProblem) {
    return (
      <AuthCardLayout icon={Link2Off} title="This link cannot be used" description={linkProblem}>
        <div className="flex flex-col gap-3">
          <Button asChild size="lg" className="w-full">
            <Link href="/forgot-password">Request a new link</Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link href="/login">Back to sign in</Link>
          </Button>
        </div>
      </AuthCardLayout>
    );
  }

  const busy = isSubmitting || leaving;
  return (
    <AuthCardLayout
      icon={KeyRound}
      title="Choose a new password"
      description="Pick a password you do not use anywhere else. Every device signed in to your account will be signed out."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Choose a new password">
        {serverError ? <FormNotice tone="error">{serverError}</FormNotice> : null}
        <NewPasswordFields
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Set new password and sign in'}
        </Button>
      </form>
    </AuthCardLayout>
  );
}
