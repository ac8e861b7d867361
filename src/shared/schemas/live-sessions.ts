import { z } from 'zod';

export const upcomingSessionSchema = z.object({
  id: z.string(),
  courseId: z.string().nullable(),
  courseTitle: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  sessionType: z.enum(['online', 'in_person']),
  location: z.string().nullable(),
  /** 'enrolled' when the caller is on the attendee list (shown as a highlighted badge). */
  status: z.enum(['enrolled', 'scheduled']),
});
export type UpcomingSession = z.infer<typeof upcomingSessionSchema>;
export const upcomingSessionsResponseSchema = z.array(upcomingSessionSchema);
