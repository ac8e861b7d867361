import type { ReactNode } from 'react';

/** A message box inside a form: an error (role=alert) or a confirmation (role=status). */
export function FormNotice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return tone === 'error' ? (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-red-50 px-3 py-2.5 text-sm font-medium text-destructive"
    >
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded-md border border-green-600/30 bg-green-50 px-3 py-2.5 text-sm font-medium text-green-800"
    >
      {children}
    </p>
  );
}
