import { LoaderCircle } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers and, with `showLabel`, shown next to the spinner. */
  label?: string;
  showLabel?: boolean;
}

export function Spinner({ className, label = 'Loading...', showLabel = false }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center gap-3 text-muted-foreground">
      <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-accent', className)} />
      <span className={showLabel ? 'text-sm font-medium' : 'sr-only'}>{label}</span>
    </span>
  );
}
