import type { liveSessions } from '#server/db/schema/index.ts';
import type { AdminLiveSession } from '#shared/schemas/admin-sessions.ts';

/** A session as the admin console lists it, with the people on its list. */
export function presentLiveSession(
  row: typeof liveSessions.$inferSelect,
  attendees: AdminLiveSession['attendees'],
): AdminLiveSession {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    sessionType: row.sessionType,
    location: row.location,
    status: row.status,
    courseId: row.courseId,
    attendees,
  };
}
