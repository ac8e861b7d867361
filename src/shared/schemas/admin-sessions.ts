import { z } from 'zod';

const when = (message: string) => z.iso.datetime({ offset: true, message });

/** Create / edit a live session (docs/product.md#live-sessions). */
export const liveSessionInputSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Title is required').max(200),
    description: z.string().trim().max(5000).optional().default(''),
    startTime: when('Start time is required'),
    endTime: when('End time is required'),
    sessionType: z.enum(['online', 'in_person']),
    location: z.string().trim().max(1000).optional().default(''),
    courseId: z.uuid().nullable().optional(),
    attendeeIds: z.array(z.uuid()).max(5000).optional().default([]),
  })
  .refine((s) => new Date(s.endTime) > new Date(s.startTime), {
    message: 'End time must be after the start time',
    path: ['endTime'],
  });
export type LiveSessionInput = z.input<typeof liveSessionInputSchema>;

export const adminLiveSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  sessionType: z.enum(['online', 'in_person']),
  location: z.string().nullable(),
  status: z.enum(['scheduled', 'cancelled']),
  courseId: z.string().nullable(),
  attendees: z.array(
    z.object({
      id: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
    }),
  ),
});
export type AdminLiveSession = z.infer<typeof adminLiveSessionSchema>;
