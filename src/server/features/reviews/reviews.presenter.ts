import type { AdminReview, Review } from '#shared/schemas/reviews.ts';
import type { ReviewRow } from './reviews.service.ts';

/** "Sam C.": a first name and an initial, never the email (docs/product.md#reviews). */
export function authorName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() || 'TradeSkills learner';
  const initial = lastName?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export function presentReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    authorName: authorName(row.firstName, row.lastName),
    // Only verified learners can write one (reviews.service.ts), so every review carries the badge.
    verified: true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAdminReview(
  row: ReviewRow & {
    email: string;
    courseTitle: string;
    reports: { reason: string; createdAt: Date }[];
  },
): AdminReview {
  return {
    ...presentReview(row),
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    authorEmail: row.email,
    removedAt: row.removedAt?.toISOString() ?? null,
    removalReason: row.removalReason,
    reports: row.reports.map((r) => ({ reason: r.reason, createdAt: r.createdAt.toISOString() })),
  };
}
