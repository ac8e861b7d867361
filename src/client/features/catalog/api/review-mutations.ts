import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { Review, ReviewInput } from '#shared/schemas/reviews.ts';
import { AVAILABLE_COURSES_KEY } from './courses.ts';
import { reviewsKey } from './reviews.ts';

// Writing and reporting reviews (docs/product.md#reviews): apart from the queries in reviews.ts, so that the public
// pages, which only read reviews, do not load the mutation code until a form that needs it opens.

/** Posts the review (or the edit); the course's reviews, the learner's own and the catalogue's average refresh. */
export function useSubmitReview(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => apiJson<Review>('POST', `/api/courses/${courseId}/reviews`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: AVAILABLE_COURSES_KEY }),
      ]),
  });
}

export function useReportReview() {
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      apiJson<{ message: string }>('POST', `/api/reviews/${reviewId}/report`, { reason }),
  });
}
