import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { ukIsoDate } from '#shared/format.ts';
import type { OtjFigures } from '#shared/schemas/apprenticeships.ts';
import { computeFigures } from './figures.service.ts';
import { rowsOf } from './record.service.ts';

export interface ApprenticeFiguresRow {
  studentId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  standard: string;
  startDate: string;
  endDate: string;
  plannedOtjHours: number;
  approvedSeconds: number;
  figures: OtjFigures;
}

/**
 * Every apprentice's figures (or one's, or one tutor's caseload) in one aggregate query; dates come back as text
 * on both drivers.
 */
export async function loadFigures(
  db: Queryable,
  filter: { studentId?: string; tutorUserId?: string } = {},
): Promise<ApprenticeFiguresRow[]> {
  const { studentId, tutorUserId } = filter;
  const rows = rowsOf<{
    student_id: string;
    first_name: string | null;
    last_name: string | null;
    email: string;
    standard: string;
    start_date: string;
    end_date: string;
    planned_otj_hours: number;
    standard_minimum_hours: number | null;
    prior_learning_reduction_hours: number;
    approved: number;
    pending: number;
    last_learning: string | null;
    last_review: string | null;
  }>(
    await db.execute(sql`
      SELECT a.student_id, u.first_name, u.last_name, u.email, a.standard,
        a.start_date::text AS start_date, a.end_date::text AS end_date,
        a.planned_otj_hours, a.standard_minimum_hours, a.prior_learning_reduction_hours,
        coalesce(e.approved, 0)::int AS approved, coalesce(e.pending, 0)::int AS pending,
        e.last_learning::text AS last_learning,
        (SELECT max(r.review_date) FROM progress_reviews r WHERE r.student_id = a.student_id)::text AS last_review
      FROM apprenticeships a
      JOIN users u ON u.id = a.student_id
      LEFT JOIN LATERAL (
        SELECT sum(seconds) FILTER (WHERE status = 'approved') AS approved,
               sum(seconds) FILTER (WHERE status = 'pending') AS pending,
               max(date) FILTER (WHERE status <> 'rejected') AS last_learning
        FROM otj_entries WHERE student_id = a.student_id
      ) e ON true
      WHERE true
      ${studentId ? sql`AND a.student_id = ${studentId}` : sql``}
      ${tutorUserId ? sql`AND a.tutor_user_id = ${tutorUserId}` : sql``}
      ORDER BY lower(coalesce(u.last_name, '')), lower(coalesce(u.first_name, '')), u.email`),
  );
  const today = ukIsoDate();
  return rows.map((r) => ({
    studentId: r.student_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    standard: r.standard,
    startDate: r.start_date,
    endDate: r.end_date,
    plannedOtjHours: r.planned_otj_hours,
    approvedSeconds: r.approved,
    figures: computeFigures({
      startDate: r.start_date,
      endDate: r.end_date,
      plannedOtjHours: r.planned_otj_hours,
      standardMinimumHours: r.standard_minimum_hours,
      priorLearningReductionHours: r.prior_learning_reduction_hours,
      approvedSeconds: r.approved,
      pendingSeconds: r.pending,
      lastLearningDate: r.last_learning,
      lastReviewDate: r.last_review,
      today,
    }),
  }));
}
