import { z } from 'zod';
import { text } from './common.ts';

/**
 * Kinds whose email a person may switch off (docs/product.md#notifications). Certificates and seat invitations
 * also appear in the bell, but their email carries the certificate or the link to accept, so it is always sent,
 * like every account and payment email.
 */
export const EMAIL_NOTIFICATION_KINDS = [
  'message',
  'session',
  'reminder',
  'review_due',
  'otj_waiting',
  'otj_behind',
  'inactivity',
] as const;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KINDS = [...EMAIL_NOTIFICATION_KINDS, 'certificate', 'seat'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The account page's switch labels. */
export const EMAIL_KIND_LABELS: Record<EmailNotificationKind, string> = {
  message: 'New messages and replies',
  session: 'Live sessions scheduled, changed or cancelled',
  reminder: 'Session reminders (a day and an hour before)',
  review_due: 'Progress reviews due (tutors)',
  otj_waiting: 'Off-the-job entries waiting for approval (tutors)',
  otj_behind: 'Off-the-job hours behind pace',
  inactivity: 'A nudge after two weeks away from an unfinished course',
};

export const notificationSchema = z.object({
  id: text(),
  kind: text(),
  title: text(),
  body: text(),
  link: text().nullable(),
  createdAt: text(),
  readAt: text().nullable(),
});
export const notificationsResponseSchema = z.object({
  unread: z.number().int(),
  items: z.array(notificationSchema),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST /api/notifications/read */
export const markReadSchema = z.strictObject({
  ids: z.array(z.uuid('Unknown notification')).min(1, 'Choose at least one notification').max(200),
});

const emailSwitches = z.strictObject(
  Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
    EmailNotificationKind,
    z.ZodBoolean
  >,
);
/** GET /api/user/notification-preferences: every kind. */
export const notificationPreferencesSchema = z.object({ email: emailSwitches });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** PUT: the kinds to change (others keep their setting). */
export const notificationPreferencesInputSchema = z.strictObject({ email: emailSwitches.partial() });

/**
 * POST /api/notifications/unsubscribe: the token, as ?token= (one-click, RFC 8058: the body is the form field
 * List-Unsubscribe=One-Click) or in a JSON body (the /unsubscribe page).
 */
export const unsubscribeSchema = z.object({ token: text().max(200).optional() });
export const unsubscribeResponseSchema = z.object({ kind: text(), label: text() });
