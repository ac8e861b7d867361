import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { notificationPreferences, notifications, unsubscribeTokens, users } from '#server/db/schema/index.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { layoutHtml } from '#server/lib/mail/templates.emails.ts';
import { randomToken, sha256Hex } from '#server/lib/tokens.util.ts';
import {
  EMAIL_NOTIFICATION_KINDS,
  type EmailNotificationKind,
  type NotificationKind,
} from '#shared/schemas/notifications.ts';

/** What a job handler needs besides its transaction: the public address for links, and the (test) clock. */
export interface NotifyContext {
  publicUrl: string;
  now: Date;
}

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the app. */
  link: string;
  /** Makes the notification happen once per person (a message id, a session and its reminder lead, …). */
  dedupeKey?: string;
  /** Also by email, if the person has not switched this kind off (only EMAIL_NOTIFICATION_KINDS). */
  email?: { subject: string; paragraphs: string[] };
}

const isEmailKind = (kind: string): kind is EmailNotificationKind =>
  (EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind);

export async function emailWanted(
  db: Queryable,
  userId: string,
  kind: EmailNotificationKind,
): Promise<boolean> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row?.email ?? true;
}

/**
 * Queues a notification email with its one-click unsubscribe (RFC 8058: List-Unsubscribe with an https URL and
 * List-Unsubscribe-Post) and the same link in the text; the token is single-use and only its hash is kept.
 */
export async function enqueueNotificationEmail(
  db: Queryable,
  ctx: NotifyContext,
  input: {
    userId: string;
    to: string;
    kind: EmailNotificationKind;
    subject: string;
    paragraphs: string[];
    link: string;
  },
): Promise<void> {
  const token = randomToken();
  await db
    .insert(unsubscribeTokens)
    .values({ tokenHash: sha256Hex(token), userId: input.userId, kind: input.kind });
  const oneClick = `${ctx.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  const page = `${ctx.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const open = `${ctx.publicUrl}${input.link}`;
  const footer = `You get this email because of your notification settings. Unsubscribe from these emails: ${page} (or change them on your account page).`;
  await enqueueEmail(db, {
    kind: `notification.${input.kind}`,
    to: input.to,
    subject: input.subject,
    text: [...input.paragraphs, `Open TradeSkills: ${open}`, footer].join('\n\n'),
    html: layoutHtml([...input.paragraphs, footer], { href: open, label: 'Open TradeSkills' }),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

/**
 * One notification in the bell, and by email when asked and wanted, in the caller's transaction. Returns whether
 * it was new (false when `dedupeKey` had been used, or the person is gone or deactivated).
 */
export async function notify(db: Queryable, ctx: NotifyContext, input: NotificationInput): Promise<boolean> {
  const [person] = await db
    .select({ email: users.email, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!person?.isActive) return false;
  const inserted = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      dedupeKey: input.dedupeKey ?? null,
      createdAt: ctx.now,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  if (!inserted.length) return false;
  if (input.email && isEmailKind(input.kind) && (await emailWanted(db, input.userId, input.kind))) {
    await enqueueNotificationEmail(db, ctx, {
      userId: input.userId,
      to: person.email,
      kind: input.kind,
      subject: input.email.subject,
      paragraphs: input.email.paragraphs,
      link: input.link,
    });
  }
  return true;
}
