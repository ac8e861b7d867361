import type { Course } from './schemas/catalog.ts';

// Kept apart from the zod schemas so the landing page can use it without downloading zod.
/** A course's picture: its own upload when it has one, else the project's illustration of its type. */
export function courseImageUrl(
  course: Pick<Course, 'courseType' | 'featuredImagePath' | 'headerImagePath'>,
  use: 'card' | 'header' = 'card',
): string {
  const own =
    use === 'header'
      ? (course.headerImagePath ?? course.featuredImagePath)
      : (course.featuredImagePath ?? course.headerImagePath);
  if (own) return own.startsWith('/') || own.startsWith('http') ? own : `/${own}`;
  return course.courseType === 'upskill' ? '/images/course-upskill.svg' : '/images/course-fundamental.svg';
}
