import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { FormNotice } from '#client/components/forms/form-notice.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type PasswordResetRequestInput, passwordResetRequestSchema } from '#shared/schemas/accounts.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { AuthCardLayout } from '../components/auth-card-layout.tsx';

/** /forgot-password: asks for an email and always answers the same, whether or not the account exists. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { message } = await requestPasswordReset(values);
      setSentTo({ email: values.email, message });
    } catch (error) {
      setServerError(getErrorMessage(error, 'Could not send the reset email. Please try again.'));
    }
  });

  if (sentTo) {
    return (
      <AuthCardLayout
        icon={MailCheck}
        title="Check your email"
        description={
          <>
            Look for an email from TradeSkills in the inbox of{' '}
            <span className="font-medium break-all text-navy-900">{sentTo.email}</span>.
          </>
        }
      >
        <div className="flex flex-col gap-5">
          <FormNotice tone="success">{sentTo.message}</FormNotice>
          <p className="text-sm text-muted-foreground">
            Nothing after a few minutes? Check your spam folder, or make sure you used the email address you
            bought your course with.
          </p>
          <div className="flex flex-col gap-3">
            <Button asChild size="lg" className="w-full">
              <Link href="/login">Back to sign in</Link>
            </Button>
            <Button
              variant="outline"
              size="lg"
              className="w-full"
              onClick={() => {
                reset({ email: sentTo.email });
                setSentTo(null);
              }}
            >
              Send again
            </Button>
          </div>
        </div>
      </AuthCardLayout>
    );
  }

  return (
    <AuthCardLayout
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter the email address of your TradeSkills account and we will email you a link to choose a new password. This also works when your temporary password has expired."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Reset password">
        {serverError ? <FormNotice tone="error">{serverError}</FormNotice> : null}
        <div className="flex flex-col gap-2">
          <Label htmlFor="reset-email">Email</Label>
          <Input
            id="reset-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'reset-email-error' : undefined}
            {...register('email')}
          />
          <FieldError id="reset-email-error">{errors.email?.message}</FieldError>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Email me a reset link'}
        </Button>
      </form>
    </AuthCardLayout>
  );
}
