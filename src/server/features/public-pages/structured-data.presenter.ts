import { courseImageUrl } from '#shared/course-image.ts';
import { difficultyLabel } from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import { LISTINGS, SITE_DESCRIPTION, SITE_NAME } from '#shared/site.ts';
import { absoluteUrl } from './head.presenter.ts';

// schema.org JSON-LD for the public pages. Google retired the Course rich result in 2025 but still documents the
// course list (ItemList of Courses); other consumers read Course, Offer and CourseInstance as well.

const CONTEXT = 'https://schema.org';

export function organization(publicUrl: string) {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    description: SITE_DESCRIPTION,
  };
}

export function organizationJsonLd(publicUrl: string) {
  return { '@context': CONTEXT, ...organization(publicUrl) };
}

export const coursePath = (course: Pick<Course, 'id'>) => `/courses/${encodeURIComponent(course.id)}`;

/** Our estimated duration is in weeks; ISO 8601 says so as `P<n>W`. */
export function isoWeeks(weeks: number): string {
  return `P${Math.max(0, Math.round(weeks))}W`;
}

function courseBody(course: Course, publicUrl: string) {
  return {
    '@type': 'Course',
    name: course.title,
    description: course.description,
    url: absoluteUrl(publicUrl, coursePath(course)),
    provider: organization(publicUrl),
  };
}

export function courseJsonLd(course: Course, publicUrl: string) {
  return {
    '@context': CONTEXT,
    ...courseBody(course, publicUrl),
    image: absoluteUrl(publicUrl, courseImageUrl(course, 'header')),
    educationalLevel: difficultyLabel(course.difficulty),
    inLanguage: 'en-GB',
    ...(course.whatYouLearn.length ? { teaches: course.whatYouLearn } : {}),
    ...(course.requirements.length ? { coursePrerequisites: course.requirements } : {}),
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      price: course.price,
      priceCurrency: 'GBP',
      availability: course.isActive ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
      url: absoluteUrl(publicUrl, coursePath(course)),
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'online',
      courseWorkload: isoWeeks(course.estimatedDuration),
    },
    // Only ratings our own verified learners gave, and only when there are some (docs/product.md#reviews).
    ...(course.rating && course.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: course.rating.average,
            reviewCount: course.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function breadcrumbJsonLd(course: Course, publicUrl: string) {
  const listing = LISTINGS[course.courseType];
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: listing.title, path: listing.path },
    { name: course.title, path: coursePath(course) },
  ];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}

/** A listing page's courses, in the order shown. */
export function courseListJsonLd(courses: Course[], publicUrl: string) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: courses.map((course, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: courseBody(course, publicUrl),
    })),
  };
}
