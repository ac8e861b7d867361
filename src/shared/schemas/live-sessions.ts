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
  /** The caller's answer to 'Will you attend?' (null: not answered). */
  attending: z.boolean().nullable(),
  /** The meeting link, from 15 minutes before the start until the end (online sessions only). */
  joinUrl: text().nullable(),
});
export type UpcomingSession = z.infer<typeof upcomingSessionSchema>;
export const upcomingSessionsResponseSchema = z.array(upcomingSessionSchema);

/** POST /api/sessions/:id/rsvp */
export const rsvpSchema = z.strictObject({
  attending: z.boolean({ message: 'Say whether you will attend' }),
});

/** PUT /api/admin/sessions/:id/attendance: everyone expected who is not listed is marked absent. */
export const attendanceInputSchema = z.strictObject({
  present: z.array(z.uuid('Unknown person in the register')).max(5000),
});

export const registerSchema = z.object({
  sessionId: text(),
  title: text(),
  startTime: text(),
  takenAt: text().nullable(),
  people: z.array(
    z.object({
      id: text(),
      name: text(),
      email: text(),
      attending: z.boolean().nullable(),
      present: z.boolean().nullable(),
    }),
  ),
});
export type SessionRegister = z.infer<typeof registerSchema>;

/** GET /api/admin/caseload/sessions: the sessions a tutor's apprentices are expected at (docs/staff.md). */
export const caseloadSessionSchema = z.object({
  id: text(),
  title: text(),
  courseTitle: text().nullable(),
  startTime: text(),
  endTime: text(),
  sessionType: z.enum(['online', 'in_person']),
  location: text().nullable(),
  /** When the register was last saved (null: not yet). */
  takenAt: text().nullable(),
  /** How many of the caller's apprentices are expected. */
  expected: z.number().int(),
});
export type CaseloadSession = z.infer<typeof caseloadSessionSchema>;
