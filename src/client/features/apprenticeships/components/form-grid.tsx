import type { FormEventHandler, ReactNode } from 'react';
import { FormNotice } from '#client/components/forms/form-notice.tsx';

/** The two-column form these screens share, with the server's refusal on top when it fits no one field. */
export function FormGrid({
  label,
  onSubmit,
  rootError,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  rootError?: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label={label}>
      {rootError ? (
        <div className="sm:col-span-2">
          <FormNotice tone="error">{rootError}</FormNotice>
        </div>
      ) : null}
      {children}
    </form>
  );
}

/** An input's id and its link to the message under it (FieldError with id `${id}-error`). */
export function fieldProps(id: string, error?: { message?: string }) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/**
 * A number input's value, or null when it is empty. React Hook Form may hand over null (the default) as well as
 * '': Number(null) is 0, which once made an empty "Standard's minimum" fail its 187-hour rule.
 */
export const numberOrNull = (v: unknown) =>
  v === '' || v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v);
/** A text input's value, or null when it is blank. */
export const textOrNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
