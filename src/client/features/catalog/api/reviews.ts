import { useQuery } from '@tanstack/react-query';
import type { Curriculum } from '#shared/schemas/catalog.ts';
import type { MyReview, RecentReview, ReviewList } from '#shared/schemas/reviews.ts';

// The course page's reviews and curriculum (docs/product.md#reviews); the server renders both into the page.
// Writing a review or reporting one is in review-mutations.ts, loaded with the forms that do it.

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
