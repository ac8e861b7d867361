import { z } from 'zod';
import { text } from './common.ts';

// The waitlist of a coming-soon course (docs/product.md#waitlist).

export const WAITLIST_JOINED =
  'Check your email: we have sent a link to confirm. We will only email you when the course opens.';

export const waitlistJoinSchema = z.strictObject({
  email: text()
    .trim()
    .min(1, 'Please enter your email address')
    .max(320, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
export type WaitlistJoinInput = z.infer<typeof waitlistJoinSchema>;

/** POST /api/waitlist/confirm and /api/waitlist/unsubscribe: the token from the email's link. */
export const waitlistTokenSchema = z.strictObject({ token: text().trim().min(1).max(200) });

export const waitlistResultSchema = z.object({ courseTitle: text() });

export const adminWaitlistSchema = z.array(
  z.object({
    courseId: text(),
    title: text(),
    isActive: z.boolean(),
    /** Signed up, link not yet used. */
    pending: z.number().int(),
    /** Confirmed and still subscribed, not yet told. */
    confirmed: z.number().int(),
    /** Told the course opened. */
    notified: z.number().int(),
    unsubscribed: z.number().int(),
  }),
);
export type AdminWaitlist = z.infer<typeof adminWaitlistSchema>;
