import { z } from 'zod';
import { text } from './common.ts';

export const upcomingSessionSchema = z.object({
  id: text(),
  courseId: text().nullable(),
  courseTitle: text().nullable(),
  title: text(),
  description: text(),
  startTime: text(),
  endTime: text(),
  sessionType: z.enum(['online', 'in_person']),
  location: text().nullable(),
  /** 'enrolled' when the caller is on the attendee list (shown as a highlighted badge). */
  status: z.enum(['enrolled', 'scheduled']),
});
export type UpcomingSession = z.infer<typeof upcomingSessionSchema>;
export const upcomingSessionsResponseSchema = z.array(upcomingSessionSchema);
