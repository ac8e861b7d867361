import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { liveSessions, scheduledJobs } from '#server/db/schema/index.ts';
import { scheduleJob } from '#server/lib/jobs.service.ts';
import { formatDateTime } from '#shared/format.ts';
import { type NotifyContext, notify } from './notify.service.ts';

// Live sessions (README 'Notifications'): everyone invited hears when a session is scheduled, changed or
// cancelled, and is reminded 24 hours and 1 hour before (not those who said they will not attend). Reminders are
// jobs keyed by session, lead and start time, so each is sent once; a changed time schedules new ones, and a
// reminder that comes due after the start (the app was down) is dropped.

const HOUR_MS = 60 * 60 * 1000;
export const REMINDER_LEADS = { '24h': 24 * HOUR_MS, '1h': HOUR_MS } as const;
type Lead = keyof typeof REMINDER_LEADS;

/** Students invited: enrolled in the session's course, or on its list. */
async function invited(db: Queryable, sessionId: string, withoutDecliners: boolean): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    SELECT u.id FROM users u
    WHERE u.role = 'student' AND u.is_active AND (
      u.id IN (SELECT user_id FROM live_session_attendees WHERE session_id = ${sessionId})
      OR u.id IN (SELECT e.user_id FROM enrolments e JOIN live_sessions ls ON ls.course_id = e.course_id
                  WHERE ls.id = ${sessionId}))
    ${withoutDecliners ? sql`AND u.id NOT IN (SELECT user_id FROM live_session_responses WHERE session_id = ${sessionId} AND NOT attending)` : sql``}`);
  return (Array.isArray(rows) ? rows : (rows as { rows: { id: string }[] }).rows).map((r) => r.id);
}

const HEADLINES = {
  scheduled: 'New live session',
  changed: 'Live session changed',
  cancelled: 'Live session cancelled',
} as const;

/** session.changed: tell everyone invited, then (re)schedule the reminders. */
export async function onSessionChanged(
  db: Queryable,
  ctx: NotifyContext,
  payload: Record<string, string>,
): Promise<string[]> {
  const [session] = await db.select().from(liveSessions).where(eq(liveSessions.id, payload.sessionId!));
  if (!session) return [];
  const change = payload.change as keyof typeof HEADLINES;
  const when = formatDateTime(session.startTime.toISOString());
  const told: string[] = [];
  if (session.endTime > ctx.now) {
    for (const userId of await invited(db, session.id, change !== 'cancelled')) {
      const title = `${HEADLINES[change] ?? HEADLINES.changed}: ${session.title}`;
      const body = change === 'cancelled' ? `It was to start ${when}.` : `Starts ${when}.`;
      const sent = await notify(db, ctx, {
        userId,
        kind: 'session',
        title,
        body,
        link: '/dashboard',
        dedupeKey: `session:${session.id}:${session.sequence}:${change}`,
        email: { subject: title, paragraphs: [title, body] },
      });
      if (sent) told.push(userId);
    }
  }
  await db
    .delete(scheduledJobs)
    .where(
      and(
        eq(scheduledJobs.kind, 'session.reminder'),
        eq(scheduledJobs.status, 'pending'),
        sql`${scheduledJobs.payload}->>'sessionId' = ${session.id}`,
      ),
    );
  if (session.status === 'scheduled') {
    for (const [lead, ms] of Object.entries(REMINDER_LEADS) as [Lead, number][]) {
      const runAt = new Date(session.startTime.getTime() - ms);
      // Scheduled less than `lead` before the start: the notice above said when it is.
      if (runAt <= ctx.now) continue;
      const startTime = session.startTime.toISOString();
      await scheduleJob(db, {
        kind: 'session.reminder',
        key: `reminder:${session.id}:${lead}:${startTime}`,
        payload: { sessionId: session.id, lead, startTime },
        runAt,
        notAfter: session.startTime,
      });
    }
  }
  return told;
}

/** session.reminder: 'Tomorrow' or 'In 1 hour', unless the session was cancelled or moved since. */
export async function onSessionReminder(
  db: Queryable,
  ctx: NotifyContext,
  payload: Record<string, string>,
): Promise<string[]> {
  const [session] = await db.select().from(liveSessions).where(eq(liveSessions.id, payload.sessionId!));
  if (session?.status !== 'scheduled' || session.startTime.toISOString() !== payload.startTime) return [];
  const lead = payload.lead as Lead;
  const title = `${lead === '1h' ? 'Starting in 1 hour' : 'Tomorrow'}: ${session.title}`;
  const body = `Starts ${formatDateTime(session.startTime.toISOString())}.${session.sessionType === 'online' ? ' The join link appears on your Sessions tab 15 minutes before the start.' : session.location ? ` At ${session.location}.` : ''}`;
  const told: string[] = [];
  for (const userId of await invited(db, session.id, true)) {
    const sent = await notify(db, ctx, {
      userId,
      kind: 'reminder',
      title,
      body,
      link: '/dashboard',
      dedupeKey: `reminder:${session.id}:${lead}:${payload.startTime}`,
      email: { subject: title, paragraphs: [title, body] },
    });
    if (sent) told.push(userId);
  }
  return told;
}
