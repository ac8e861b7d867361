import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { REVIEW_INTERVAL_MONTHS } from '#shared/schemas/apprenticeships.ts';
import { type NotifyContext, notify } from './notify.service.ts';

// Certificates, seats, OTJ entries and the daily sweeps (README 'Notifications').

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);
const DAY_MS = 86_400_000;

export async function onCertificateIssued(db: Queryable, ctx: NotifyContext, p: Record<string, string>) {
  const sent = await notify(db, ctx, {
    userId: p.userId!,
    kind: 'certificate',
    title: `Certificate issued: ${p.courseTitle}`,
    body: 'Well done! Your certificate is ready to download and share.',
    link: '/dashboard',
    dedupeKey: `certificate:${p.certificateId}`,
  });
  return sent ? [p.userId!] : [];
}

export async function onSeatInvited(db: Queryable, ctx: NotifyContext, p: Record<string, string>) {
  const sent = await notify(db, ctx, {
    userId: p.userId!,
    kind: 'seat',
    title: `${p.companyName} gave you a seat on ${p.courseTitle}`,
    body: 'Accept it to start the course.',
    link: '/dashboard',
  });
  return sent ? [p.userId!] : [];
}

/** otj.submitted: the apprentice's tutor hears that an entry waits for them. */
export async function onOtjSubmitted(db: Queryable, ctx: NotifyContext, p: Record<string, string>) {
  const [row] = rowsOf<{ tutor: string | null; name: string }>(
    await db.execute(sql`
      SELECT a.tutor_user_id AS tutor, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS name
      FROM otj_entries e JOIN apprenticeships a ON a.id = e.apprenticeship_id JOIN users u ON u.id = e.student_id
      WHERE e.id = ${p.entryId} AND e.status = 'pending'`),
  );
  if (!row?.tutor) return [];
  const title = `Off-the-job entry to approve: ${row.name}`;
  const sent = await notify(db, ctx, {
    userId: row.tutor,
    kind: 'otj_waiting',
    title,
    body: `${row.name} logged off-the-job learning that waits for your decision.`,
    link: '/admin/apprentices',
    dedupeKey: `otj-waiting:${p.entryId}`,
    email: {
      subject: title,
      paragraphs: [`${row.name} logged off-the-job learning that waits for your decision.`],
    },
  });
  return sent ? [row.tutor] : [];
}

/**
 * The daily checks, safe to run in several processes at once (each notification's key is unique):
 * tutors' reviews due within 7 days; apprentices (and their tutor) whose approved hours over the last 4 weeks are
 * below the planned pace, once per 4-week period; students away 14 days from an unfinished course, once a fortnight.
 */
export async function runSweeps(db: Queryable, ctx: NotifyContext): Promise<string[]> {
  const now = ctx.now.toISOString();
  const told: string[] = [];
  const reviews = rowsOf<{ tutor: string; id: string; name: string; due: string }>(
    await db.execute(sql`
      SELECT a.tutor_user_id AS tutor, a.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS name,
        to_char(coalesce((SELECT max(r.review_date) FROM progress_reviews r WHERE r.student_id = a.student_id), a.start_date)
          + make_interval(months => ${REVIEW_INTERVAL_MONTHS}), 'YYYY-MM-DD') AS due
      FROM apprenticeships a JOIN users u ON u.id = a.student_id
      WHERE a.tutor_user_id IS NOT NULL AND a.end_date >= ${now}::date`),
  );
  for (const r of reviews) {
    const days = (Date.parse(`${r.due}T00:00:00Z`) - Date.parse(`${now.slice(0, 10)}T00:00:00Z`)) / DAY_MS;
    if (days < 0 || days > 7) continue;
    const title = `Progress review due ${r.due}: ${r.name}`;
    const body = `${r.name}'s next progress review is due within 7 days.`;
    const sent = await notify(db, ctx, {
      userId: r.tutor,
      kind: 'review_due',
      title,
      body,
      link: '/admin/apprentices',
      dedupeKey: `review-due:${r.id}:${r.due}`,
      email: { subject: title, paragraphs: [body] },
    });
    if (sent) told.push(r.tutor);
  }
  const behind = rowsOf<{
    id: string;
    student: string;
    tutor: string | null;
    period: number;
    hours: number;
    expected: number;
  }>(
    await db.execute(sql`
      SELECT a.id, a.student_id AS student, a.tutor_user_id AS tutor,
        floor((${now}::date - a.start_date) / 28)::int AS period,
        coalesce((SELECT sum(e.seconds) FROM otj_entries e WHERE e.student_id = a.student_id AND e.status = 'approved'
          AND e.date > ${now}::date - 28), 0) / 3600.0 AS hours,
        a.planned_otj_hours * 28.0 / greatest(1, a.end_date - a.start_date) AS expected
      FROM apprenticeships a
      WHERE ${now}::date - a.start_date >= 28 AND a.end_date >= ${now}::date`),
  );
  for (const b of behind) {
    if (Number(b.hours) >= Number(b.expected)) continue;
    const body = `${Number(b.hours).toFixed(1)} approved off-the-job hours in the last 4 weeks, against about ${Number(b.expected).toFixed(1)} planned.`;
    for (const userId of [b.student, b.tutor].filter((id): id is string => !!id)) {
      const title =
        userId === b.student ? 'Your off-the-job hours are behind pace' : 'An apprentice is behind pace';
      const sent = await notify(db, ctx, {
        userId,
        kind: 'otj_behind',
        title,
        body,
        link: userId === b.student ? '/apprenticeship' : '/admin/apprentices',
        dedupeKey: `otj-behind:${b.id}:${b.period}`,
        email: { subject: title, paragraphs: [body] },
      });
      if (sent) told.push(userId);
    }
  }
  const quiet = rowsOf<{ id: string; title: string }>(
    await db.execute(sql`
      SELECT DISTINCT ON (u.id) u.id, c.title FROM users u
      JOIN enrolments e ON e.user_id = u.id JOIN courses c ON c.id = e.course_id
      WHERE u.role = 'student' AND u.is_active AND e.created_at < ${now}::timestamptz - interval '14 days'
        AND coalesce(greatest(u.last_login_at, u.last_active_at), u.created_at) < ${now}::timestamptz - interval '14 days'
        AND NOT EXISTS (SELECT 1 FROM certificates ce WHERE ce.user_id = u.id AND ce.course_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.kind = 'inactivity'
          AND n.created_at > ${now}::timestamptz - interval '14 days')
      ORDER BY u.id, e.created_at`),
  );
  const fortnight = Math.floor(ctx.now.getTime() / (14 * DAY_MS));
  for (const q of quiet) {
    const title = `Pick up where you left off: ${q.title}`;
    const body = `It has been two weeks since you last studied ${q.title}. A few minutes today keeps you moving.`;
    const sent = await notify(db, ctx, {
      userId: q.id,
      kind: 'inactivity',
      title,
      body,
      link: '/dashboard',
      dedupeKey: `inactive:${fortnight}`,
      email: { subject: title, paragraphs: [body] },
    });
    if (sent) told.push(q.id);
  }
  return told;
}

export type Handler = (
  db: Queryable,
  ctx: NotifyContext,
  payload: Record<string, string>,
) => Promise<string[]>;
