import { and, eq } from 'drizzle-orm';
import { courseReviews, enrolments, topicProgress } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { adminOnly, enrolledCourse, everyone, signedIn, staffGet } from '#server/test/authz-fixtures.ts';

/** A course the student bought and finished (so may review), with the student's review on it. */
async function reviewedCourse(world: AuthzWorld, withReview = true) {
  const { courseId, topicId } = await enrolledCourse(world);
  const userId = world.users.student.id;
  const db = world.database.db;
  await db
    .update(enrolments)
    .set({ source: 'purchase' })
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  await db.insert(topicProgress).values({ userId, topicId, completedAt: new Date() });
  let reviewId = '';
  if (withReview) {
    const [row] = await db
      .insert(courseReviews)
      .values({ courseId, userId, rating: 4, body: 'Good' })
      .returning({ id: courseReviews.id });
    reviewId = row!.id;
  }
  return { courseId, reviewId };
}

// Verified reviews: everyone reads them and may report one; only a verified learner of the course writes one;
// only admins list every review and remove one.
export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/courses/:id/reviews',
    prepare: async (world) => ({ params: { id: (await reviewedCourse(world)).courseId } }),
    expect: everyone(200),
  },
  { method: 'GET', url: '/api/reviews/recent', expect: everyone(200) },
  {
    method: 'GET',
    url: '/api/courses/:id/reviews/mine',
    prepare: async (world) => ({ params: { id: (await reviewedCourse(world)).courseId } }),
    expect: signedIn(200),
    note: "the caller's own eligibility and review",
  },
  {
    method: 'POST',
    url: '/api/courses/:id/reviews',
    prepare: async (world) => ({
      params: { id: (await reviewedCourse(world, false)).courseId },
      body: { rating: 5, body: 'Well taught' },
    }),
    expect: {
      anonymous: 401,
      student: 201,
      otherStudent: 403,
      teamManager: 403,
      admin: 403,
      ...staffGet(403),
    },
    note: 'only a learner who paid or holds a seat, with 30% done (NOT_VERIFIED_LEARNER otherwise)',
  },
  {
    method: 'POST',
    url: '/api/reviews/:id/report',
    prepare: async (world) => ({
      params: { id: (await reviewedCourse(world)).reviewId },
      body: { reason: 'Looks fake' },
    }),
    expect: everyone(202),
    note: 'anyone may report a review (rate-limited per address)',
  },
  { method: 'GET', url: '/api/admin/reviews', expect: adminOnly(200) },
  {
    method: 'POST',
    url: '/api/admin/reviews/:id/remove',
    prepare: async (world) => ({
      params: { id: (await reviewedCourse(world)).reviewId },
      body: { reason: 'Personal data' },
    }),
    expect: adminOnly(200),
  },
];
