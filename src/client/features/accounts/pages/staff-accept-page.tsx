import { zodResolver } from '@hookform/resolvers/zod';
import { Link2Off, UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { FormNotice } from '#client/components/forms/form-notice.tsx';
import { NewPasswordFields } from '#client/components/forms/password-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { getErrorMessage, getErrorStatus, isErrorCode } from '#client/lib/api-client.ts';
import { hardNavigate } from '#client/lib/navigation.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type ResetPasswordFormValues, resetPasswordFormSchema } from '#shared/schemas/accounts.ts';
import { acceptStaffInvitation } from '../api/staff-invitation.ts';
import { AuthCardLayout } from '../components/auth-card-layout.tsx';

const INCOMPLETE_LINK = 'This invitation link is incomplete. Open the whole link from the email.';

/** /staff/accept?token=…: an invited member of staff sets their password, then is signed in (docs/staff.md). */
export function StaffAcceptPage() {
  useDocumentTitle('Join the TradeSkills team');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  // The token is in the query string: nothing may send it on as a Referer.
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
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
      await acceptStaffInvitation(token, newPassword);
    } catch (error) {
      const message = getErrorMessage(error, 'Could not set up your account. Please try again.');
      const status = getErrorStatus(error);
      if (
        isErrorCode(error, 'INVITATION_INVALID', () => status === 404) ||
        isErrorCode(error, 'INVITATION_USED', () => status === 409)
      ) {
        setLinkProblem(message);
      } else if (status === 400) {
        setError('newPassword', { message }, { shouldFocus: true });
      } else setServerError(message);
      return;
    }
    setLeaving(true);
    // A full load starts the signed-in console with a clean cache, as after signing in.
    hardNavigate('/admin');
  });

  if (linkProblem) {
    return (
      <AuthCardLayout icon={Link2Off} title="This link cannot be used" description={linkProblem}>
        <p className="text-sm text-muted-foreground">
          Ask the admin who invited you for a new invitation, or sign in if you already set your password.
        </p>
        <Button asChild size="lg" className="mt-4 w-full">
          <Link href="/login">Go to sign in</Link>
        </Button>
      </AuthCardLayout>
    );
  }

  const busy = isSubmitting || leaving;
  return (
    <AuthCardLayout
      icon={UserCheck}
      title="Join the TradeSkills team"
      description="You have been invited as a member of staff. Choose a password to finish setting up your account."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Set your password">
        {serverError ? <FormNotice tone="error">{serverError}</FormNotice> : null}
        <NewPasswordFields
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
          {busy ? 'Setting up...' : 'Set password and sign in'}
        </Button>
      </form>
    </AuthCardLayout>
  );
}
