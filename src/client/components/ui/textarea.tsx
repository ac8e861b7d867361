import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';
import { fieldClasses } from './input.tsx';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClasses, 'min-h-24 py-2.5', className)} {...props} />;
}
