import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { getErrorCode } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';

interface PasswordFieldProps {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
  error?: string;
  /** Shown under the field while there is no error. */
  hint?: ReactNode;
  className?: string;
}

/** A labelled password input (react-hook-form) with its error, or a hint, wired to aria-describedby. */
export function PasswordField({
  id,
  label,
  autoComplete,
  registration,
  error,
  hint,
  className,
}: PasswordFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <PasswordInput
        id={id}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Server answers that belong at one field of a password form: the reason is shown there (README 'Passwords'). */
const FIELD_OF_CODE: Record<string, 'currentPassword' | 'newPassword'> = {
  WRONG_PASSWORD: 'currentPassword',
  WEAK_PASSWORD: 'newPassword',
  SAME_PASSWORD: 'newPassword',
};

/** The field a refused password change or reset belongs to, from the error's code; null for the whole form. */
export function passwordFieldOf(error: unknown): 'currentPassword' | 'newPassword' | null {
  return FIELD_OF_CODE[getErrorCode(error) ?? ''] ?? null;
}

interface NewPasswordFieldsProps {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: { message?: string }; confirmPassword?: { message?: string } };
}

/** 'New password' (with the length hint) and 'Confirm new password', as every password form asks them. */
export function NewPasswordFields({ newPassword, confirmPassword, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id="newPassword"
        label="New password"
        autoComplete="new-password"
        registration={newPassword}
        error={errors.newPassword?.message}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common or leaked password: three random words work well.`}
      />
      <PasswordField
        id="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        registration={confirmPassword}
        error={errors.confirmPassword?.message}
      />
    </>
  );
}
