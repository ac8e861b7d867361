import { and, asc, eq, exists, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import {
  courses,
  enrolments,
  liveSessionAttendees,
  liveSessionResponses,
  liveSessions,
} from '#server/db/schema/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import { JOIN_OPENS_MINUTES_BEFORE } from '#shared/constants.ts';
import type { UpcomingSession } from '#shared/schemas/live-sessions.ts';

type SessionRow = typeof liveSessions.$inferSelect;

/** On the session's attendee list. */
function onTheList(db: Queryable, userId: string) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(liveSessionAttendees)
      .where(
        and(eq(liveSessionAttendees.sessionId, liveSessions.id), eq(liveSessionAttendees.userId, userId)),
      ),
  );
}

/**
 * Who sees a session (its listing, its calendar file, 'Will you attend?'): staff who read every course, students
 * enrolled in its course (a session for a whole course), and the people on its attendee list.
 */
function visibleTo(db: Queryable, principal: Principal): SQL | undefined {
  if (can(principal, 'course:readAll')) return undefined;
  const ofMyCourses = inArray(
    liveSessions.courseId,
    db.select({ id: enrolments.courseId }).from(enrolments).where(eq(enrolments.userId, principal.id)),
  );
  return or(ofMyCourses, onTheList(db, principal.id));
}

/** The session if the caller may see it, else 404 (docs/product.md#live-sessions). */
export async function visibleSession(db: Queryable, principal: Principal, id: string): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.id, id), visibleTo(db, principal)));
  if (!row) throw notFound('Session not found');
  return row;
}

/** The meeting link while it is open: from JOIN_OPENS_MINUTES_BEFORE before the start until the end. */
export function joinUrlAt(session: SessionRow, now: Date): string | null {
  if (session.sessionType !== 'online' || !session.location || !/^https?:\/\//i.test(session.location))
    return null;
  const opens = session.startTime.getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000;
  return now.getTime() >= opens && now < session.endTime ? session.location : null;
}

/**
 * Sessions not yet over and not cancelled, of the caller's courses or with the caller on the list (admins: all),
 * soonest first; 'enrolled' marks the ones the caller attends.
 */
export async function upcomingSessions(db: Queryable, principal: Principal): Promise<UpcomingSession[]> {
  const now = new Date();
  const rows = await db
    .select({
      session: liveSessions,
      courseTitle: courses.title,
      onList: sql<boolean>`${onTheList(db, principal.id)}`,
      attending: liveSessionResponses.attending,
    })
    .from(liveSessions)
    .leftJoin(courses, eq(courses.id, liveSessions.courseId))
    .leftJoin(
      liveSessionResponses,
      and(eq(liveSessionResponses.sessionId, liveSessions.id), eq(liveSessionResponses.userId, principal.id)),
    )
    .where(and(ne(liveSessions.status, 'cancelled'), gt(liveSessions.endTime, now), visibleTo(db, principal)))
    .orderBy(asc(liveSessions.startTime))
    .limit(100);
  return rows.map(({ session, courseTitle, onList, attending }) => ({
    id: session.id,
    courseId: session.courseId,
    courseTitle,
    title: session.title,
    description: session.description,
    startTime: session.startTime.toISOString(),
    endTime: session.endTime.toISOString(),
    sessionType: session.sessionType,
    location: session.location,
    status: onList ? 'enrolled' : 'scheduled',
    attending,
    joinUrl: joinUrlAt(session, now),
  }));
}

/** 'Will you attend?': the latest answer counts; only for a session not yet over and not cancelled. */
export async function answerRsvp(
  db: Queryable,
  principal: Principal,
  sessionId: string,
  attending: boolean,
): Promise<{ attending: boolean }> {
  const session = await visibleSession(db, principal, sessionId);
  if (session.status === 'cancelled' || session.endTime <= new Date()) {
    throw badRequest('This session is over or cancelled', 'SESSION_CLOSED');
  }
  await db
    .insert(liveSessionResponses)
    .values({ sessionId, userId: principal.id, attending })
    .onConflictDoUpdate({
      target: [liveSessionResponses.sessionId, liveSessionResponses.userId],
      set: { attending, updatedAt: sql`now()` },
    });
  return { attending };
}
