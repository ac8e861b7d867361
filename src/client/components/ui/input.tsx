import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

export const fieldClasses = [
  'w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-sm sm:text-sm',
  'placeholder:text-muted-foreground/80 transition-colors',
  'focus-visible:outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/35',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
].join(' ');

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
