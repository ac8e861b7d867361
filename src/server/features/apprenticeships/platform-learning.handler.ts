import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '#server/db/client.ts';
import type { LearningSubscriber } from '#server/features/learning/index.ts';
import type { Worker } from '#server/lib/periodic.worker.ts';
import { every } from '#server/lib/periodic.worker.ts';
import { ukIsoDate } from '#shared/format.ts';
import { evidenceCompletedTopics } from './ksb.service.ts';
import { rowsOf } from './record.service.ts';

/**
 * Learning done on the platform is logged for apprentices as it happens, marked with its source. It is logged as
 * *pending*, not approved: watch time shows the apprentice was on the page, not that the lesson was new
 * knowledge for their standard or that it happened in paid hours, and the rules (docs/apprenticeships.md) make
 * both the provider's call. The tutor approves it like any other entry, so only checked hours count.
 *
 * Time collects into one pending row per source, item and UK day; after the tutor decides that row, later
 * learning starts a new one. Nothing happens for students without an apprenticeship or outside its dates.
 */
export async function recordPlatformLearning(
  db: Queryable,
  input: {
    userId: string;
    source: 'video' | 'quiz';
    sourceRef: string;
    seconds: number;
    description: string;
    at?: Date;
  },
): Promise<void> {
  const seconds = Math.round(input.seconds);
  if (seconds <= 0) return;
  const day = ukIsoDate(input.at ?? new Date());
  await db.execute(sql`
    INSERT INTO otj_entries (apprenticeship_id, student_id, date, seconds, activity, description, source, source_ref)
    SELECT a.id, a.student_id, ${day}, ${Math.min(seconds, 86_400)}, 'online_learning', ${input.description},
      ${input.source}, ${input.sourceRef}
    FROM apprenticeships a
    WHERE a.student_id = ${input.userId} AND ${day}::date BETWEEN a.start_date AND a.end_date
    ON CONFLICT (student_id, source, source_ref, date) WHERE source <> 'apprentice' AND status = 'pending'
    DO UPDATE SET seconds = least(86400, otj_entries.seconds + excluded.seconds), updated_at = now()`);
}

/** Time credited for a quiz attempt: quizzes are not timed, so a fixed allowance per question answered. */
export const QUIZ_SECONDS_PER_QUESTION = 90;

/** Learning on the platform as it happens, logged for apprentices (subscribed in src/server/deps.ts). */
export const apprenticeshipLearning: LearningSubscriber = async (tx, event) => {
  // A completed topic evidences the KSBs it is mapped to (docs/apprenticeships.md "Evidence and KSBs").
  if (event.kind === 'topicCompleted') {
    await evidenceCompletedTopics(tx, { userId: event.userId, moduleId: event.moduleId });
    return;
  }
  if (event.kind !== 'studied') return;
  const seconds =
    event.source === 'quiz' ? (event.questions ?? 0) * QUIZ_SECONDS_PER_QUESTION : (event.seconds ?? 0);
  await recordPlatformLearning(tx, {
    userId: event.userId,
    source: event.source,
    sourceRef: event.sourceRef,
    seconds,
    description: event.description,
  });
};

/**
 * The register of a live session (docs/product.md#live-sessions) decides its OTJ entries: a present apprentice's
 * entry is approved (the register is the tutor's check, the session its evidence), made if missing, exactly once
 * (otj_entries_live_session_uq); an apprentice marked absent has theirs rejected. Call inside the transaction that
 * writes the register. Nothing happens for people without an apprenticeship covering the session's date.
 */
export async function recordSessionRegister(
  db: Queryable,
  input: { sessionId: string; presentUserIds: string[]; absentUserIds: string[]; markedBy: string },
): Promise<void> {
  if (input.presentUserIds.length) {
    await db.execute(sql`
      INSERT INTO otj_entries (apprenticeship_id, student_id, date, seconds, activity, description, source,
        source_ref, status, decided_by, decided_at)
      SELECT a.id, a.student_id, (ls.start_time AT TIME ZONE 'Europe/London')::date,
        least(86400, greatest(60, extract(epoch FROM ls.end_time - ls.start_time)))::int,
        'live_teaching', 'Live session: ' || ls.title, 'live_session', ls.id::text, 'approved', ${input.markedBy},
        now()
      FROM live_sessions ls
      JOIN apprenticeships a ON a.student_id IN (${sql.join(
        input.presentUserIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      WHERE ls.id = ${input.sessionId}
        AND (ls.start_time AT TIME ZONE 'Europe/London')::date BETWEEN a.start_date AND a.end_date
      ON CONFLICT (student_id, source_ref) WHERE source = 'live_session'
      DO UPDATE SET status = 'approved', rejection_reason = NULL, decided_by = excluded.decided_by,
        decided_at = excluded.decided_at, updated_at = now()
      WHERE otj_entries.status <> 'approved'`);
  }
  if (input.absentUserIds.length) {
    await db.execute(sql`
      UPDATE otj_entries SET status = 'rejected', rejection_reason = 'Marked absent in the session register',
        decided_by = ${input.markedBy}, decided_at = now(), updated_at = now()
      WHERE source = 'live_session' AND source_ref = ${input.sessionId} AND status <> 'rejected'
        AND student_id IN (${sql.join(
          input.absentUserIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
  }
}

/**
 * Live sessions that have ended (and whose register was not taken) become entries for the apprentices on their attendee list (the attendance the
 * platform records), once per session. Returns how many entries it made.
 */
export async function logLiveSessionAttendance(db: Queryable): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO otj_entries (apprenticeship_id, student_id, date, seconds, activity, description, source, source_ref)
      SELECT a.id, a.student_id, (ls.start_time AT TIME ZONE 'Europe/London')::date,
        least(86400, greatest(60, extract(epoch FROM ls.end_time - ls.start_time)))::int,
        'live_teaching', 'Live session: ' || ls.title, 'live_session', ls.id::text
      FROM live_session_attendees lsa
      JOIN live_sessions ls ON ls.id = lsa.session_id
      JOIN apprenticeships a ON a.student_id = lsa.user_id
      WHERE ls.status = 'scheduled' AND ls.end_time <= now() AND ls.register_taken_at IS NULL
        AND (ls.start_time AT TIME ZONE 'Europe/London')::date BETWEEN a.start_date AND a.end_date
        AND NOT EXISTS (
          SELECT 1 FROM otj_entries e
          WHERE e.student_id = a.student_id AND e.source = 'live_session' AND e.source_ref = ls.id::text)
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return rows.length;
}

export const LIVE_SESSION_OTJ_INTERVAL_MS = 10 * 60 * 1000;

/** Every 10 minutes: attendance at sessions that have ended goes into the apprentices' logs. */
export function liveSessionOtjWorker(app: FastifyInstance): Worker {
  return every(app.log, {
    name: 'live session OTJ',
    firstRunMs: 20_000,
    intervalMs: LIVE_SESSION_OTJ_INTERVAL_MS,
    run: async () => {
      const logged = await logLiveSessionAttendance(app.db);
      if (logged) app.log.info({ logged }, 'logged live session attendance as off-the-job training');
    },
  });
}
