import { z } from 'zod';
import { text } from './common.ts';

const when = (message: string) => z.iso.datetime({ offset: true, message });

/** Create / edit a live session (docs/product.md#live-sessions). */
export const liveSessionInputSchema = z
  .strictObject({
    title: text().trim().min(1, 'Title is required').max(200),
    description: text().trim().max(5000).optional().default(''),
    startTime: when('Start time is required'),
    endTime: when('End time is required'),
    sessionType: z.enum(['online', 'in_person']),
    location: text().trim().max(1000).optional().default(''),
    courseId: z.uuid().nullable().optional(),
    attendeeIds: z.array(z.uuid()).max(5000).optional().default([]),
  })
  .refine((s) => new Date(s.endTime) > new Date(s.startTime), {
    message: 'End time must be after the start time',
    path: ['endTime'],
  });

export const adminLiveSessionSchema = z.object({
  id: text(),
  title: text(),
  description: text(),
  startTime: text(),
  endTime: text(),
  sessionType: z.enum(['online', 'in_person']),
  location: text().nullable(),
  status: z.enum(['scheduled', 'cancelled']),
  courseId: text().nullable(),
  attendees: z.array(
    z.object({
      id: text(),
      firstName: text().nullable(),
      lastName: text().nullable(),
      email: text(),
    }),
  ),
});
export type AdminLiveSession = z.infer<typeof adminLiveSessionSchema>;
