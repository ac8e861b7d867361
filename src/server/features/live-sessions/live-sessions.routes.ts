import { and, asc, eq, exists, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courses, enrolments, liveSessionAttendees, liveSessions } from '#server/db/schema/index.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { type UpcomingSession, upcomingSessionsResponseSchema } from '#shared/schemas/live-sessions.ts';

/**
 * GET /api/sessions/upcoming: sessions not yet over and not cancelled, of the caller's courses or with the caller
 * on the list (admins: all). 'enrolled' marks the ones the caller attends.
 */
export const liveSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sessions/upcoming',
    {
      onRequest: [requireUser],
      schema: { tags: ['live-sessions'], response: { 200: upcomingSessionsResponseSchema } },
    },
    async (request): Promise<UpcomingSession[]> => {
      const user = currentUser(request);
      const attending = app.db
        .select({ one: sql`1` })
        .from(liveSessionAttendees)
        .where(
          and(eq(liveSessionAttendees.sessionId, liveSessions.id), eq(liveSessionAttendees.userId, user.id)),
        );
      const ofMyCourses = inArray(
        liveSessions.courseId,
        app.db.select({ id: enrolments.courseId }).from(enrolments).where(eq(enrolments.userId, user.id)),
      );
      const rows = await app.db
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
            user.role === 'admin' ? undefined : or(ofMyCourses, exists(attending)),
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
    },
  );
};
