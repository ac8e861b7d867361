import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { Curriculum } from '#shared/schemas/catalog.ts';
import type { MyReview, RecentReview, Review, ReviewInput, ReviewList } from '#shared/schemas/reviews.ts';
import { AVAILABLE_COURSES_KEY } from './courses.ts';

// The course page's reviews and curriculum (docs/product.md#reviews); the server renders both into the page.

export const reviewsKey = (courseId: string) => ['/api/courses', courseId, 'reviews'] as const;
const myReviewKey = (courseId: string) => ['/api/courses', courseId, 'reviews', 'mine'] as const;

export function useCourseReviews(courseId: string) {
  return useQuery<ReviewList>({ queryKey: reviewsKey(courseId) });
}

/** The landing page's newest reviews of any course (good or bad). */
export function useRecentReviews() {
  return useQuery<RecentReview[]>({ queryKey: ['/api/reviews/recent'] });
}

export function useCurriculum(courseId: string) {
  return useQuery<Curriculum>({ queryKey: ['/api/courses', courseId, 'curriculum'] });
}

/** Whether the signed-in user may review the course, and their review; not asked for visitors. */
export function useMyReview(courseId: string, signedIn: boolean) {
  return useQuery<MyReview>({ queryKey: myReviewKey(courseId), enabled: signedIn });
}

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
