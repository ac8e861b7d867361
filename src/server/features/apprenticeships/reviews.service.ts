import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { apprenticeships, progressReviews, reviewSignatures, users } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { badRequest, conflict, notFound } from '#server/lib/http.error.ts';
import { userById } from '#server/lib/users.repo.ts';
import { ukIsoDate } from '#shared/format.ts';
import type {
  ApprenticeshipSummary,
  Review,
  ReviewInput,
  ReviewRole,
} from '#shared/schemas/apprenticeships.ts';
import { displayName } from './names.presenter.ts';
import { rowsOf, tutorOf } from './record.service.ts';

type ReviewRow = typeof progressReviews.$inferSelect;

/** POST /api/admin/students/:id/reviews: recorded by the tutor; signed afterwards by each party. */
export async function createReview(
  db: Db,
  actor: AuditActor,
  studentId: string,
  input: ReviewInput & { supportNeeds?: string },
): Promise<{ id: string }> {
  const [record] = await db.select().from(apprenticeships).where(eq(apprenticeships.studentId, studentId));
  if (!record) throw notFound('This student has no apprenticeship record', 'NO_APPRENTICESHIP');
  if (input.reviewDate > ukIsoDate())
    throw badRequest('A review cannot be dated in the future', 'REVIEW_FUTURE_DATE');
  if (input.reviewDate < record.startDate) {
    throw badRequest('A review cannot be dated before the apprenticeship started', 'REVIEW_BEFORE_START');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(progressReviews)
      .values({
        apprenticeshipId: record.id,
        studentId,
        employerContactId: record.employerContactId,
        reviewDate: input.reviewDate,
        progressSummary: input.progressSummary.trim(),
        otjHoursToDate: input.otjHoursToDate,
        nextSteps: input.nextSteps.trim(),
        supportNeeds: (input.supportNeeds ?? '').trim(),
        createdBy: actor.id,
      })
      .returning({ id: progressReviews.id });
    await recordAudit(tx, actor, {
      action: 'review.record',
      entityType: 'progress_review',
      entityId: row!.id,
      summary: `review of ${input.reviewDate} recorded for apprentice ${studentId}`,
    });
    return { id: row!.id };
  });
}

/** The role `caller` signs `review` in, or null: each party signs only in their own account. */
function roleFor(review: ReviewRow, caller: Principal, tutorUserId: string | null): ReviewRole | null {
  if (caller.id === review.studentId) return 'apprentice';
  if (review.employerContactId && caller.id === review.employerContactId) return 'employer';
  if (can(caller, 'apprenticeship:tutor', { tutorUserId })) return 'tutor';
  return null;
}

async function present(db: Queryable, rows: ReviewRow[], caller: Principal): Promise<Review[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [signatures, people] = await Promise.all([
    db.select().from(reviewSignatures).where(inArray(reviewSignatures.reviewId, ids)),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        standard: apprenticeships.standard,
        tutorUserId: apprenticeships.tutorUserId,
      })
      .from(users)
      .leftJoin(apprenticeships, eq(apprenticeships.studentId, users.id))
      .where(inArray(users.id, [...new Set(rows.map((r) => r.studentId))])),
  ]);
  return rows.map((review) => {
    const signed = signatures
      .filter((s) => s.reviewId === review.id)
      .sort((a, b) => a.signedAt.getTime() - b.signedAt.getTime());
    const apprentice = people.find((p) => p.id === review.studentId)!;
    const role = roleFor(review, caller, apprentice.tutorUserId);
    const needed: ReviewRole[] = review.employerContactId
      ? ['apprentice', 'tutor', 'employer']
      : ['apprentice', 'tutor'];
    return {
      id: review.id,
      studentId: review.studentId,
      apprenticeName: displayName(apprentice),
      standard: apprentice.standard ?? '',
      reviewDate: review.reviewDate,
      progressSummary: review.progressSummary,
      otjHoursToDate: review.otjHoursToDate,
      nextSteps: review.nextSteps,
      supportNeeds: review.supportNeeds,
      hasEmployerContact: Boolean(review.employerContactId),
      signatures: signed.map((s) => ({ role: s.role, name: s.name, signedAt: s.signedAt.toISOString() })),
      canSignAs: role && !signed.some((s) => s.role === role) ? role : null,
      fullySigned: needed.every((r) => signed.some((s) => s.role === r)),
    };
  });
}

/**
 * GET /api/reviews: an apprentice's own reviews, the reviews of apprentices the caller is the employer contact
 * for, and every review for an admin (`studentId` narrows it).
 */
export async function listReviews(db: Queryable, caller: Principal, studentId?: string): Promise<Review[]> {
  const caseload = db
    .select({ id: apprenticeships.studentId })
    .from(apprenticeships)
    .where(eq(apprenticeships.tutorUserId, caller.id));
  const visible = can(caller, 'admin:access')
    ? undefined
    : or(
        eq(progressReviews.studentId, caller.id),
        eq(progressReviews.employerContactId, caller.id),
        can(caller, 'caseload:read') ? inArray(progressReviews.studentId, caseload) : undefined,
      );
  const rows = await db
    .select()
    .from(progressReviews)
    .where(and(visible, studentId ? eq(progressReviews.studentId, studentId) : undefined))
    .orderBy(desc(progressReviews.reviewDate), desc(progressReviews.createdAt))
    .limit(500);
  return present(db, rows, caller);
}

/** One review the caller may see (404 for everyone else, so ids reveal nothing). */
export async function getReview(db: Queryable, caller: Principal, reviewId: string): Promise<Review> {
  const [row] = await db.select().from(progressReviews).where(eq(progressReviews.id, reviewId));
  if (!row || !roleFor(row, caller, await tutorOf(db, row.studentId)))
    throw notFound('Review not found', 'REVIEW_NOT_FOUND');
  return (await present(db, [row], caller))[0]!;
}

/**
 * POST /api/reviews/:id/sign: the caller signs in the role their account holds on this review, with their name
 * and the time. The (review, role) primary key makes it once per role, even under concurrent requests.
 */
export async function signReview(db: Queryable, caller: Principal, reviewId: string): Promise<Review> {
  const [row] = await db.select().from(progressReviews).where(eq(progressReviews.id, reviewId));
  if (!row) throw notFound('Review not found', 'REVIEW_NOT_FOUND');
  const role = roleFor(row, caller, await tutorOf(db, row.studentId));
  // Not a party: the same 404 as an unknown id, so ids reveal nothing.
  if (!role) throw notFound('Review not found', 'REVIEW_NOT_FOUND');
  const signer = await userById(db, caller.id);
  const inserted = await db
    .insert(reviewSignatures)
    .values({ reviewId, role, userId: caller.id, name: displayName(signer!) })
    .onConflictDoNothing()
    .returning({ role: reviewSignatures.role });
  if (inserted.length === 0)
    throw conflict(`This review is already signed by the ${role}`, 'REVIEW_ALREADY_SIGNED');
  return (await present(db, [row], caller))[0]!;
}

/** For the portal's link: is the caller an apprentice or an employer contact, and how many reviews await them. */
export async function summaryFor(db: Queryable, caller: Principal): Promise<ApprenticeshipSummary> {
  const [row] = rowsOf<{ apprentice: boolean; employer: boolean; to_sign: number }>(
    await db.execute(sql`
      SELECT
        EXISTS (SELECT 1 FROM apprenticeships WHERE student_id = ${caller.id}) AS apprentice,
        EXISTS (SELECT 1 FROM apprenticeships WHERE employer_contact_id = ${caller.id}) AS employer,
        (SELECT count(*) FROM progress_reviews r
          WHERE (r.student_id = ${caller.id} AND NOT EXISTS (
                  SELECT 1 FROM review_signatures s WHERE s.review_id = r.id AND s.role = 'apprentice'))
             OR (r.employer_contact_id = ${caller.id} AND NOT EXISTS (
                  SELECT 1 FROM review_signatures s WHERE s.review_id = r.id AND s.role = 'employer'))
        )::int AS to_sign`),
  );
  return { isApprentice: row!.apprentice, isEmployerContact: row!.employer, reviewsToSign: row!.to_sign };
}
