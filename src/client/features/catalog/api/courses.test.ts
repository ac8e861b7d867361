import { describe, expect, it } from 'vitest';
import { footerCourseItems } from '#client/components/layout/site-footer.tsx';
import type { Course } from '#shared/schemas/catalog.ts';
import { activeCoursesOfType, pickFeaturedCourse } from './courses.ts';

const course = (over: Partial<Course>): Course => ({
  id: over.title ?? 'x',
  title: 'Course',
  description: '',
  courseType: 'fundamental',
  difficulty: 'beginner',
  isActive: true,
  isFeatured: false,
  order: 0,
  price: '99.99',
  originalPrice: null,
  monthlyPrice: '16.67',
  instalments: 6,
  avgSalary: null,
  estimatedDuration: 4,
  headerImagePath: null,
  featuredImagePath: null,
  whatYouLearn: [],
  requirements: [],
  careerOutcomes: [],
  rating: null,
  enrolledCount: null,
  ...over,
});

describe('featured course choice (spec §4)', () => {
  it('takes the first featured and active course', () => {
    const list = [
      course({ title: 'Featured but inactive', isFeatured: true, isActive: false }),
      course({ title: 'Drainage Basics' }),
      course({ title: 'Featured', isFeatured: true }),
    ];
    expect(pickFeaturedCourse(list)?.title).toBe('Featured');
  });
  it("falls back to the first active course with 'drainage' in its title, then to none", () => {
    expect(
      pickFeaturedCourse([course({ title: 'Kerbs' }), course({ title: 'Advanced DRAINAGE' })])?.title,
    ).toBe('Advanced DRAINAGE');
    expect(pickFeaturedCourse([course({ title: 'Drainage', isActive: false })])).toBeNull();
    expect(pickFeaturedCourse(undefined)).toBeNull();
  });
});

describe('listings', () => {
  it('keep active courses of the type, sorted by order', () => {
    const list = [
      course({ title: 'B', order: 2 }),
      course({ title: 'Up', courseType: 'upskill' }),
      course({ title: 'A', order: 1 }),
      course({ title: 'Off', isActive: false }),
    ];
    expect(activeCoursesOfType(list, 'fundamental').map((c) => c.title)).toEqual(['A', 'B']);
  });
});

describe('footer courses', () => {
  it("appends ' (Coming Soon)' to inactive courses and falls back to a fixed list", () => {
    expect(
      footerCourseItems([
        { id: '1', title: 'Live', isActive: true },
        { id: '2', title: 'Later', isActive: false },
      ]).map((i) => i.label),
    ).toEqual(['Live', 'Later (Coming Soon)']);
    expect(footerCourseItems([]).map((i) => i.label)).toContain('EV Charger Installation (Coming Soon)');
  });
});
