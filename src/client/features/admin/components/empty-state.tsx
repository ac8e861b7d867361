import type { LucideIcon } from 'lucide-react';
import { cloneElement, isValidElement, type ReactNode, useContext } from 'react';
import { errorId, FieldErrorsContext, invalidProps } from '#client/components/forms/field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';

export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium text-navy-900">{title}</p>
      {children ? <div className="text-sm text-muted-foreground">{children}</div> : null}
    </div>
  );
}

export function Field({
  label,
  htmlFor,
  hint,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  /** Shown under the field; give the input invalidProps(errors, htmlFor). */
  error?: string;
  children: ReactNode;
}) {
  const fromForm = useContext(FieldErrorsContext)[htmlFor];
  const message = error ?? fromForm;
  // The input announces its own error (aria-invalid, aria-describedby → the message below).
  const input =
    message && isValidElement<Record<string, unknown>>(children)
      ? cloneElement(children, invalidProps({ [htmlFor]: message }, htmlFor))
      : children;
  return (
    <div className="grid min-w-0 gap-1.5 [&>*]:min-w-0">
      <label htmlFor={htmlFor} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {input}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldError id={errorId(htmlFor)}>{message}</FieldError>
    </div>
  );
}

export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: string;
}) {
  return (
    <div className="rounded-xl border border-border bg-card p-4 shadow-card sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="rounded-lg bg-navy-50 p-2 text-navy-700">
          <Icon aria-hidden="true" className="size-4" />
        </span>
      </div>
      <div className="mt-2 text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{value}</div>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** Cancel + submit at the foot of every admin form dialog. */
export function FormFooter({
  onCancel,
  busy,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {children}
      </Button>
    </DialogFooter>
  );
}
