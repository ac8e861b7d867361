import { CheckCircle2 } from 'lucide-react';

/** Replaces an upload control once its file is in place (docs/product.md#admin-console). */
export function UploadedConfirmation({ label }: { label: string }) {
  return (
    <span className="inline-flex min-h-10 items-center gap-1.5 rounded-md bg-green-50 px-3 text-sm font-medium text-green-800">
      <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> {label}
    </span>
  );
}
