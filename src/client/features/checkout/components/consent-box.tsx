import { useId } from 'react';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { getErrorCode, getErrorMessage } from '#client/lib/api-client.ts';
import { IMMEDIATE_ACCESS_CONSENT } from '#shared/consent.ts';

/**
 * The unticked box asking for immediate access (src/shared/consent.ts holds the wording and its version). The
 * server refuses a payment without it (CONSENT_REQUIRED); that message shows here, at the box.
 */
export function ConsentBox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
}) {
  const id = useId();
  return (
    <div className="rounded-xl border border-border bg-muted/40 p-4">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={checked}
          onCheckedChange={(value) => onChange(value === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="mt-0.5"
        />
        <label htmlFor={id} className="text-sm font-medium text-navy-950">
          {IMMEDIATE_ACCESS_CONSENT.wording}
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-2 ml-8 text-xs text-muted-foreground">
        Until you start, you can cancel within 14 days for a full refund from your account page.
      </p>
      <FieldError id={`${id}-error`} className="mt-2 ml-8">
        {error}
      </FieldError>
    </div>
  );
}

/** The box's message when the server refused a payment for want of consent; null for any other failure. */
export function consentError(error: unknown): string | null {
  return getErrorCode(error) === 'CONSENT_REQUIRED' ? getErrorMessage(error, 'Please tick the box.') : null;
}
