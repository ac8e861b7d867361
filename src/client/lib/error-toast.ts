import { getErrorMessage } from './api-client.ts';
import { toast } from './toast.ts';

/** A red toast for a failed request: the server's message when it sent one, else `fallback`. */
export function failureToast(title: string, error: unknown, fallback: string): void {
  toast({ title, description: getErrorMessage(error, fallback), variant: 'destructive' });
}
