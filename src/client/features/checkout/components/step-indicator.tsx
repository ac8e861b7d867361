import { Check } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export function StepIndicator({ step }: { step: 1 | 2 }) {
  const steps = ['Your details', 'Payment'];
  return (
    <ol className="flex items-center gap-3 text-sm" aria-label="Progress">
      {steps.map((label, i) => {
        const n = i + 1;
        const done = n < step;
        const current = n === step;
        return (
          <li key={label} className="flex items-center gap-2" aria-current={current ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full text-xs font-bold',
                done
                  ? 'bg-success text-white'
                  : current
                    ? 'bg-navy-900 text-white'
                    : 'bg-muted text-muted-foreground',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : n}
            </span>
            <span className={cn('font-medium', current ? 'text-navy-950' : 'text-muted-foreground')}>
              {label}
            </span>
            {n < steps.length ? <span aria-hidden="true" className="mx-1 h-px w-8 bg-border" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
