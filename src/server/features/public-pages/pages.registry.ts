import type { Queryable } from '#server/db/client.ts';
import { type CatalogCache, courseCurriculum } from '#server/features/catalog/index.ts';
import { recentReviewList, reviewListFor } from '#server/features/reviews/index.ts';
import { courseImageUrl } from '#shared/course-image.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import { ACCESSIBILITY_STATEMENT, LISTINGS, PRIVACY_NOTICE, SITE_DESCRIPTION } from '#shared/site.ts';
import { type PageHead, type ShareImage, shortDescription } from './head.presenter.ts';
import {
  breadcrumbJsonLd,
  courseJsonLd,
  courseListJsonLd,
  coursePath,
  organizationJsonLd,
} from './structured-data.presenter.ts';

// The server-rendered pages (docs/decisions/0014-server-rendered-public-pages.md). To add one: an entry here
// (its path, and a load() that answers the queries its React page reads and describes its head), its path in
// SERVER_RENDERED_PATHS (src/shared/site-routes.ts), and its page in the client's routes.tsx as usual.

/** The client's query key for the catalogue (features/catalog/api/courses.ts): the server fills it in. */
export const AVAILABLE_COURSES_QUERY = ['/api/courses/available'] as const;
/** The landing page's newest reviews (features/catalog/api/reviews.ts). */
const RECENT_REVIEWS_QUERY = ['/api/reviews/recent'] as const;
/** The client's current-user query (lib/query-client.ts): null is a signed-out visitor. */
export const CURRENT_USER_QUERY = ['/api/user'] as const;

export interface PageContext {
  params: Record<string, string>;
  publicUrl: string;
  catalog: CatalogCache;
  db: Queryable;
}

export interface PrefetchedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

export interface LoadedPage {
  status: 200 | 404;
  head: PageHead;
  /** Answers to the queries the page reads, exactly as the API would send them. */
  queries: PrefetchedQuery[];
}

export interface ServerPage {
  path: string;
  load(context: PageContext): Promise<LoadedPage>;
}

const activeOfType = (courses: Course[], type: Course['courseType']) =>
  courses.filter((c) => c.isActive && c.courseType === type).sort((a, b) => a.order - b.order);

function listingPage(type: Course['courseType']): ServerPage {
  const listing = LISTINGS[type];
  return {
    path: listing.path,
    async load({ catalog, publicUrl }) {
      const { courses } = await catalog.get();
      return {
        status: 200,
        head: {
          title: listing.title,
          description: listing.intro,
          path: listing.path,
          jsonLd: [courseListJsonLd(activeOfType(courses, type), publicUrl)],
        },
        queries: [{ queryKey: AVAILABLE_COURSES_QUERY, data: courses }],
      };
    },
  };
}

/** A course's own picture for link previews, when it has an uploaded one (the type illustrations are SVG). */
function courseShareImage(course: Course): ShareImage | undefined {
  const own = course.headerImagePath ?? course.featuredImagePath;
  return own ? { url: courseImageUrl(course, 'header'), alt: course.title } : undefined;
}

// The privacy notice renders the retention schedule (src/shared/retention-schedule.ts); only the footer reads data.
const privacyPage: ServerPage = {
  path: PRIVACY_NOTICE.path,
  async load({ catalog }) {
    const { courses } = await catalog.get();
    return {
      status: 200,
      head: {
        title: PRIVACY_NOTICE.title,
        description: PRIVACY_NOTICE.description,
        path: PRIVACY_NOTICE.path,
      },
      queries: [{ queryKey: AVAILABLE_COURSES_QUERY, data: courses }],
    };
  },
};

export const serverPages: ServerPage[] = [
  {
    path: '/',
    async load({ catalog, publicUrl, db }) {
      const [{ courses }, recent] = await Promise.all([catalog.get(), recentReviewList(db)]);
      return {
        status: 200,
        head: { description: SITE_DESCRIPTION, path: '/', jsonLd: [organizationJsonLd(publicUrl)] },
        queries: [
          { queryKey: AVAILABLE_COURSES_QUERY, data: courses },
          { queryKey: RECENT_REVIEWS_QUERY, data: recent },
        ],
      };
    },
  },
  listingPage('fundamental'),
  listingPage('upskill'),
  {
    path: '/courses/:courseId',
    async load({ catalog, params, publicUrl, db }) {
      const snapshot = await catalog.get();
      const course = snapshot.byId.get(params.courseId ?? '');
      const queries: PrefetchedQuery[] = [{ queryKey: AVAILABLE_COURSES_QUERY, data: snapshot.courses }];
      if (!course) return { status: 404, head: NOT_FOUND_HEAD('/courses'), queries };
      // The reviews and curriculum are read afresh for every page: a new review shows at once.
      const [reviews, curriculum] = await Promise.all([
        reviewListFor(db, course.id),
        courseCurriculum(db, course.id),
      ]);
      queries.push(
        { queryKey: ['/api/courses', course.id, 'reviews'], data: reviews },
        { queryKey: ['/api/courses', course.id, 'curriculum'], data: curriculum },
      );
      return {
        status: 200,
        head: {
          title: course.title,
          description: shortDescription(course.description),
          path: coursePath(course),
          image: courseShareImage(course),
          // A withdrawn course still opens for those who have the link, but leaves search results.
          noindex: !course.isActive,
          jsonLd: [courseJsonLd(course, publicUrl), breadcrumbJsonLd(course, publicUrl)],
        },
        queries,
      };
    },
  },
  {
    // The accessibility statement (README 'Accessibility'); the catalogue fills the footer.
    path: ACCESSIBILITY_STATEMENT.path,
    async load({ catalog }) {
      const { courses } = await catalog.get();
      return {
        status: 200,
        head: {
          title: ACCESSIBILITY_STATEMENT.title,
          description: ACCESSIBILITY_STATEMENT.description,
          path: ACCESSIBILITY_STATEMENT.path,
        },
        queries: [{ queryKey: AVAILABLE_COURSES_QUERY, data: courses }],
      };
    },
  },
  privacyPage,
];

export const NOT_FOUND_HEAD = (path: string): PageHead => ({
  title: 'Page not found',
  description: 'The page you are looking for does not exist or has moved.',
  path,
  noindex: true,
});
