import { useMutation } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { WaitlistJoinInput } from '#shared/schemas/waitlist.ts';

// The waitlist of a coming-soon course (docs/product.md#waitlist).

export function useJoinWaitlist(courseId: string) {
  return useMutation({
    mutationFn: (input: WaitlistJoinInput) =>
      apiJson<{ message: string }>('POST', `/api/courses/${courseId}/waitlist`, input),
  });
}

/** The emailed links: /waitlist/confirm?token= and /waitlist/unsubscribe?token=. */
export function useWaitlistLink(action: 'confirm' | 'unsubscribe') {
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<{ courseTitle: string }>('POST', `/api/waitlist/${action}`, { token }),
  });
}
