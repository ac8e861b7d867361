import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '#server/db/client.ts';
import { courses, enrolments, liveSessionAttendees, liveSessions, users } from '#server/db/schema/index.ts';
import { accountPrincipal, can } from '#server/lib/access-policy.ts';
import { badRequest, notFound } from '#server/lib/errors.ts';
import type { UserRow } from '#server/lib/sessions.service.ts';
import type { AdminLiveSession, liveSessionInputSchema } from '#shared/schemas/admin-sessions.ts';
import { presentLiveSession } from './admin.presenter.ts';

type SessionInput = z.output<typeof liveSessionInputSchema>;

async function attendeesOf(db: Queryable, sessionIds: string[]) {
  if (!sessionIds.length) return [];
  return db
    .select({
      sessionId: liveSessionAttendees.sessionId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(liveSessionAttendees)
    .innerJoin(users, eq(users.id, liveSessionAttendees.userId))
    .where(inArray(liveSessionAttendees.sessionId, sessionIds))
    .orderBy(asc(users.firstName), asc(users.email));
}

/** Upcoming sessions first (soonest first), then the last 30 days' past ones. */
export async function listSessions(db: Db): Promise<AdminLiveSession[]> {
  const rows = await db
    .select()
    .from(liveSessions)
    .where(gte(liveSessions.endTime, sql`now() - interval '30 days'`))
    .orderBy(desc(sql`${liveSessions.endTime} >= now()`), asc(liveSessions.startTime))
    .limit(200);
  const attendees = await attendeesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    presentLiveSession(
      r,
      attendees.filter((a) => a.sessionId === r.id).map(({ sessionId: _, ...a }) => a),
    ),
  );
}

export async function getSession(db: Db, id: string): Promise<AdminLiveSession> {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, id));
  if (!row) throw notFound('Session not found');
  const attendees = await attendeesOf(db, [id]);
  return presentLiveSession(
    row,
    attendees.map(({ sessionId: _, ...a }) => a),
  );
}

/** Attendees must be students enrolled in at least one course (or in the session's course when it has one). */
async function setAttendees(tx: Queryable, sessionId: string, input: SessionInput) {
  const ids = [...new Set(input.attendeeIds)];
  if (ids.length) {
    const conditions = [inArray(users.id, ids), eq(users.role, 'student')];
    if (input.courseId) conditions.push(eq(enrolments.courseId, input.courseId));
    const ok = await tx
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(enrolments, eq(enrolments.userId, users.id))
      .where(and(...conditions));
    if (ok.length !== ids.length) {
      throw badRequest(
        input.courseId
          ? 'Attendees must be students enrolled in the chosen course'
          : 'Attendees must be enrolled students',
      );
    }
  }
  await tx.delete(liveSessionAttendees).where(eq(liveSessionAttendees.sessionId, sessionId));
  if (ids.length) await tx.insert(liveSessionAttendees).values(ids.map((userId) => ({ sessionId, userId })));
}

function values(input: SessionInput) {
  return {
    title: input.title,
    description: input.description,
    startTime: new Date(input.startTime),
    endTime: new Date(input.endTime),
    sessionType: input.sessionType,
    location: input.location || null,
    courseId: input.courseId ?? null,
  };
}

async function checkCourse(db: Queryable, courseId: string | null | undefined) {
  if (!courseId) return;
  const [c] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!c) throw badRequest('Course not found');
}

export async function createSession(
  db: Db,
  input: SessionInput,
  createdBy: string,
): Promise<AdminLiveSession> {
  const id = await db.transaction(async (tx) => {
    await checkCourse(tx, input.courseId);
    const [row] = await tx
      .insert(liveSessions)
      .values({ ...values(input), createdBy })
      .returning({ id: liveSessions.id });
    await setAttendees(tx, row!.id, input);
    return row!.id;
  });
  return getSession(db, id);
}

export async function updateSession(db: Db, id: string, input: SessionInput): Promise<AdminLiveSession> {
  await db.transaction(async (tx) => {
    await checkCourse(tx, input.courseId);
    const updated = await tx
      .update(liveSessions)
      .set({ ...values(input), updatedAt: new Date() })
      .where(eq(liveSessions.id, id))
      .returning({ id: liveSessions.id });
    if (!updated.length) throw notFound('Session not found');
    await setAttendees(tx, id, input);
  });
  return getSession(db, id);
}

/** Cancelled sessions stay listed (marked) so attendees see that they are off; restore by scheduling again. */
export async function setSessionStatus(
  db: Db,
  id: string,
  status: 'scheduled' | 'cancelled',
): Promise<AdminLiveSession> {
  const updated = await db
    .update(liveSessions)
    .set({ status, updatedAt: new Date() })
    .where(eq(liveSessions.id, id))
    .returning({ id: liveSessions.id });
  if (!updated.length) throw notFound('Session not found');
  return getSession(db, id);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(liveSessions)
    .where(eq(liveSessions.id, id))
    .returning({ id: liveSessions.id });
  if (!deleted.length) throw notFound('Session not found');
}

// ── iCalendar ────────────────────────────────────────────────────────────────────────────────────────

const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds content lines at 75 octets (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

/** The session as an .ics file, for admins and the session's attendees only. */
export async function sessionIcs(db: Db, id: string, user: UserRow, publicUrl: string): Promise<string> {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, id));
  if (!row) throw notFound('Session not found');
  if (!can(accountPrincipal(user), 'course:readAll')) {
    const [attending] = await db
      .select({ id: liveSessionAttendees.userId })
      .from(liveSessionAttendees)
      .where(and(eq(liveSessionAttendees.sessionId, id), eq(liveSessionAttendees.userId, user.id)));
    if (!attending) throw notFound('Session not found');
  }
  const host = new URL(publicUrl).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//TradeSkills//Live sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${row.id}@${host}`,
    `DTSTAMP:${icsDate(row.updatedAt)}`,
    `DTSTART:${icsDate(row.startTime)}`,
    `DTEND:${icsDate(row.endTime)}`,
    `SUMMARY:${icsText(row.title)}`,
    ...(row.description ? [`DESCRIPTION:${icsText(row.description)}`] : []),
    ...(row.location ? [`LOCATION:${icsText(row.location)}`] : []),
    ...(row.sessionType === 'online' && row.location && /^https?:\/\//.test(row.location)
      ? [`URL:${row.location}`]
      : []),
    `STATUS:${row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
