import { useQuery } from '@tanstack/react-query';
import type { Course, CoursePreview } from '#shared/schemas/catalog.ts';

export const AVAILABLE_COURSES_KEY = ['/api/courses/available'] as const;

/** The whole public catalogue (docs/product.md#api-calls), cached 15 minutes like every query. */
export function useAvailableCourses() {
  return useQuery<Course[]>({ queryKey: AVAILABLE_COURSES_KEY });
}

/** Active courses of one type, sorted by order (docs/product.md#public-site). */
export function activeCoursesOfType(courses: Course[] | undefined, type: Course['courseType']): Course[] {
  return (courses ?? []).filter((c) => c.isActive && c.courseType === type).sort((a, b) => a.order - b.order);
}

/** docs/product.md#public-site: first featured and active; else the first active 'drainage' course; else none (fallback card). */
export function pickFeaturedCourse(courses: Course[] | undefined): Course | null {
  const list = courses ?? [];
  return (
    list.find((c) => c.isFeatured && c.isActive) ??
    list.find((c) => c.isActive && c.title.toLowerCase().includes('drainage')) ??
    null
  );
}

export function useCoursePreview(courseId: string, enabled: boolean) {
  return useQuery<CoursePreview>({ queryKey: ['/api/courses', courseId, 'preview'], enabled });
}

export { courseImageUrl as courseImage } from '#shared/course-image.ts';
