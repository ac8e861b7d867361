import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Link2Off } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { getErrorMessage, getErrorStatus } from '#client/lib/api-client.ts';
import { hardNavigate } from '#client/lib/navigation.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { newPasswordSchema } from '#shared/schemas/auth.ts';
import { confirmPasswordReset } from '../api/password-reset.ts';
import { AuthCardLayout, FormNotice } from '../components/auth-card-layout.tsx';

const formSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
type FormValues = z.infer<typeof formSchema>;

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
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setServerError(null);
    try {
      await confirmPasswordReset({ token, newPassword });
    } catch (error) {
      const message = getErrorMessage(error, 'Could not reset your password. Please try again.');
      // A 400 about the link itself (used, expired, unknown) means this form cannot succeed.
      if (getErrorStatus(error) === 400 && /link/i.test(message)) setLinkProblem(message);
      else setServerError(message);
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
            aria-describedby={errors.confirmPassword ? 'confirmPassword-error' : undefined}
            {...register('confirmPassword')}
          />
          <FieldError id="confirmPassword-error">{errors.confirmPassword?.message}</FieldError>
        </div>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Set new password and sign in'}
        </Button>
      </form>
    </AuthCardLayout>
  );
}
