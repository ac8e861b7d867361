import { Spinner } from '#client/components/ui/spinner.tsx';

/**
 * Full-height loading state. It fades in after a short delay, so fast loads (the usual case)
 * never flash a spinner.
 */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[60dvh] flex-1 items-center justify-center p-6 [animation-delay:150ms] animate-fade-in">
      <Spinner label={label} showLabel className="size-6" />
    </div>
  );
}
