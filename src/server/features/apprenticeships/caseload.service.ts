import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { ukIsoDate } from '#shared/format.ts';
import type { CaseloadItem } from '#shared/schemas/staff.ts';
import { loadFigures } from './figures.repo.ts';
import { displayName } from './names.presenter.ts';
import { rowsOf } from './record.service.ts';

/**
 * A tutor's landing page (docs/staff.md#caseloads): each apprentice with their courses, approved OTJ hours against
 * plan, the next review due and what waits for the tutor (pending entries, reviews without the tutor's
 * signature), sorted by what needs them first: most waiting, then an overdue review, then the earliest review due.
 */
export async function caseload(db: Queryable, caller: Principal): Promise<CaseloadItem[]> {
  const [figures, extras] = await Promise.all([
    loadFigures(db, { tutorUserId: caller.id }),
    db.execute(sql`
      SELECT a.student_id,
        (SELECT count(*) FROM otj_entries e WHERE e.apprenticeship_id = a.id AND e.status = 'pending')::int AS pending,
        (SELECT count(*) FROM progress_reviews r WHERE r.apprenticeship_id = a.id AND NOT EXISTS (
           SELECT 1 FROM review_signatures s WHERE s.review_id = r.id AND s.role = 'tutor'))::int AS to_sign,
        coalesce((SELECT array_agg(c.title ORDER BY c.title) FROM enrolments en JOIN courses c ON c.id = en.course_id
           WHERE en.user_id = a.student_id), '{}') AS courses
      FROM apprenticeships a WHERE a.tutor_user_id = ${caller.id}`),
  ]);
  const byStudent = new Map(
    rowsOf<{ student_id: string; pending: number; to_sign: number; courses: string[] }>(extras).map((r) => [
      r.student_id,
      r,
    ]),
  );
  const today = ukIsoDate();
  const items = figures.map((f): CaseloadItem => {
    const extra = byStudent.get(f.studentId);
    const pendingEntries = extra?.pending ?? 0;
    const reviewsToSign = extra?.to_sign ?? 0;
    return {
      studentId: f.studentId,
      name: displayName(f),
      email: f.email,
      courses: extra?.courses ?? [],
      approvedHours: Math.round((f.approvedSeconds / 3600) * 100) / 100,
      plannedOtjHours: f.plannedOtjHours,
      nextReviewDue: f.figures.nextReviewDue,
      pendingEntries,
      reviewsToSign,
      waiting: pendingEntries + reviewsToSign,
      reviewOverdue: f.figures.nextReviewDue < today,
    };
  });
  return items.sort(
    (a, b) =>
      b.waiting - a.waiting ||
      Number(b.reviewOverdue) - Number(a.reviewOverdue) ||
      a.nextReviewDue.localeCompare(b.nextReviewDue) ||
      a.name.localeCompare(b.name),
  );
}
