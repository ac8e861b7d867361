import { and, asc, eq, exists, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courses, enrolments, liveSessionAttendees, liveSessions } from '#server/db/schema/index.ts';
import { can, type Principal } from '#server/lib/access-policy.ts';
import type { UpcomingSession } from '#shared/schemas/live-sessions.ts';

/**
 * Sessions not yet over and not cancelled, of the caller's courses or with the caller on the list (admins: all),
 * soonest first; 'enrolled' marks the ones the caller attends.
 */
export async function upcomingSessions(db: Queryable, principal: Principal): Promise<UpcomingSession[]> {
  const attending = db
    .select({ one: sql`1` })
    .from(liveSessionAttendees)
    .where(
      and(eq(liveSessionAttendees.sessionId, liveSessions.id), eq(liveSessionAttendees.userId, principal.id)),
    );
  const ofMyCourses = inArray(
    liveSessions.courseId,
    db.select({ id: enrolments.courseId }).from(enrolments).where(eq(enrolments.userId, principal.id)),
  );
  const rows = await db
    .select({
      session: liveSessions,
      courseTitle: courses.title,
      attending: sql<boolean>`${exists(attending)}`,
    })
    .from(liveSessions)
    .leftJoin(courses, eq(courses.id, liveSessions.courseId))
    .where(
      and(
        ne(liveSessions.status, 'cancelled'),
        gt(liveSessions.endTime, new Date()),
        can(principal, 'course:readAll') ? undefined : or(ofMyCourses, exists(attending)),
      ),
    )
    .orderBy(asc(liveSessions.startTime))
    .limit(100);
  return rows.map(({ session, courseTitle, attending }) => ({
    id: session.id,
    courseId: session.courseId,
    courseTitle,
    title: session.title,
    description: session.description,
    startTime: session.startTime.toISOString(),
    endTime: session.endTime.toISOString(),
    sessionType: session.sessionType,
    location: session.location,
    status: attending ? 'enrolled' : 'scheduled',
  }));
}
