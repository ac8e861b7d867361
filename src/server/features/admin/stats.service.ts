import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { POPULAR_RESOURCES_LIMIT } from '#shared/constants.ts';
import { penceToDecimal } from '#shared/format.ts';
import type { AdminAnalytics, AdminStats } from '#shared/schemas/admin-students.ts';

// Figures are SQL aggregates only (see ARCHITECTURE.md 'Admin figures'); no rows are loaded into JavaScript.

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

export async function getStats(db: Db): Promise<AdminStats> {
  const [counts, completion, resources] = await Promise.all([
    db.execute(sql`
      SELECT
        count(*)::int AS "totalStudents",
        count(*) FILTER (
          WHERE is_active AND greatest(last_login_at, last_active_at) >= now() - interval '30 days'
        )::int AS "activeStudents",
        (SELECT count(*)::int FROM modules) AS "totalModules",
        (SELECT count(*)::int FROM resource_access_events) AS "totalViews"
      FROM users WHERE role = 'student'`),
    // Completed: progress rows only exist for modules of courses the student is enrolled in (the learning service
    // checks the enrolment before writing), so the numerator needs no join. Triggers on module_progress keep it
    // per module in module_completion_counts (migration module_completion_triggers), so this sums a row per
    // module instead of counting millions of progress rows. Enrolled pairs: per course, its enrolments × its
    // modules (two index counts each).
    db.execute(sql`
      SELECT CASE WHEN pairs.n = 0 THEN 0
                  ELSE least(100, round(done.n * 1000.0 / pairs.n) / 10) END::float8 AS "completionRate"
      FROM (SELECT coalesce(sum((SELECT count(*) FROM enrolments e WHERE e.course_id = c.id)
                                * (SELECT count(*) FROM modules m WHERE m.course_id = c.id)), 0)::bigint AS n
            FROM courses c) pairs,
           (SELECT coalesce(sum(completed), 0)::bigint AS n FROM module_completion_counts) done`),
    db.execute(sql`
      SELECT r.topic_id AS "resourceId", t.title AS "title",
             r.views::int AS "viewCount", r.weekly::int AS "weeklyViews"
      FROM (
        SELECT topic_id, count(*) AS views,
               count(*) FILTER (WHERE created_at >= now() - interval '7 days') AS weekly
        FROM resource_access_events GROUP BY topic_id
        ORDER BY views DESC, topic_id LIMIT ${POPULAR_RESOURCES_LIMIT}
      ) r JOIN topics t ON t.id = r.topic_id
      ORDER BY r.views DESC, t.title`),
  ]);
  const c = rowsOf(counts)[0] ?? {};
  return {
    totalStudents: Number(c.totalStudents ?? 0),
    activeStudents: Number(c.activeStudents ?? 0),
    totalModules: Number(c.totalModules ?? 0),
    totalViews: Number(c.totalViews ?? 0),
    completionRate: Number(rowsOf(completion)[0]?.completionRate ?? 0),
    resourceStats: rowsOf(resources).map((r) => ({
      resourceId: String(r.resourceId),
      title: String(r.title),
      viewCount: Number(r.viewCount),
      weeklyViews: Number(r.weeklyViews),
    })),
  };
}

/**
 * The last 12 weeks of enrolments and revenue (succeeded card payments, team orders by card among them, plus team
 * orders paid by invoice, less refunds), and the last 30 days of resource views.
 */
export async function getAnalytics(db: Db): Promise<AdminAnalytics> {
  const [weekly, daily] = await Promise.all([
    db.execute(sql`
      WITH weeks AS (
        SELECT generate_series(date_trunc('week', now()) - interval '11 weeks', date_trunc('week', now()), interval '1 week') AS week
      )
      SELECT to_char(w.week, 'YYYY-MM-DD') AS week,
        (SELECT count(*)::int FROM enrolments e
          WHERE e.created_at >= w.week AND e.created_at < w.week + interval '1 week') AS enrolments,
        (SELECT coalesce(sum(p.amount_pence), 0)::bigint FROM payments p
          WHERE p.status = 'succeeded' AND p.created_at >= w.week AND p.created_at < w.week + interval '1 week')
        -- Team orders paid by card are payments above; those paid by invoice count in the week they were paid.
        + (SELECT coalesce(sum(t.amount_pence), 0)::bigint FROM team_orders t
          WHERE t.pay_by = 'invoice' AND t.status = 'paid' AND t.paid_at >= w.week AND t.paid_at < w.week + interval '1 week')
        -- Net of refunds, in the week the money went back (docs/product.md#refunds-cancellations-and-credit-notes).
        - (SELECT coalesce(sum(r.amount_pence), 0)::bigint FROM refunds r
          WHERE r.status = 'succeeded' AND r.succeeded_at >= w.week AND r.succeeded_at < w.week + interval '1 week') AS revenue
      FROM weeks w ORDER BY w.week`),
    db.execute(sql`
      WITH days AS (
        SELECT generate_series(date_trunc('day', now()) - interval '29 days', date_trunc('day', now()), interval '1 day') AS day
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
        (SELECT count(*)::int FROM resource_access_events r
          WHERE r.created_at >= d.day AND r.created_at < d.day + interval '1 day') AS views
      FROM days d ORDER BY d.day`),
  ]);
  return {
    weekly: rowsOf(weekly).map((r) => ({
      week: String(r.week),
      enrolments: Number(r.enrolments),
      revenue: penceToDecimal(Number(r.revenue)),
    })),
    dailyViews: rowsOf(daily).map((r) => ({ day: String(r.day), views: Number(r.views) })),
  };
}
