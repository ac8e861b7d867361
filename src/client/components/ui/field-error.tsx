import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

/** The message under a form field; give it an id and point the input's aria-describedby at it. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {children}
    </p>
  );
}
