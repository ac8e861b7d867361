import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { notificationPreferences, notifications, unsubscribeTokens } from '#server/db/schema/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { HttpError, notFound } from '#server/lib/http.error.ts';
import { sha256Hex } from '#server/lib/tokens.util.ts';
import {
  EMAIL_KIND_LABELS,
  EMAIL_NOTIFICATION_KINDS,
  type EmailNotificationKind,
  type NotificationPreferences,
  type NotificationsResponse,
} from '#shared/schemas/notifications.ts';

/** The bell: the newest 30 and how many are unread. */
export async function listNotifications(db: Queryable, caller: Principal): Promise<NotificationsResponse> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, caller.id))
      .orderBy(desc(notifications.createdAt))
      .limit(30),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, caller.id), isNull(notifications.readAt))),
  ]);
  return {
    unread: unread?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
    })),
  };
}

/** Marks the caller's own notifications read (others' ids are ignored); answers the bell afresh. */
export async function markRead(
  db: Queryable,
  caller: Principal,
  ids: string[],
): Promise<NotificationsResponse> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(notifications.userId, caller.id), inArray(notifications.id, ids), isNull(notifications.readAt)),
    );
  return listNotifications(db, caller);
}

export async function getPreferences(db: Queryable, caller: Principal): Promise<NotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, caller.id));
  const off = new Map(rows.map((r) => [r.kind, r.email]));
  return {
    email: Object.fromEntries(
      EMAIL_NOTIFICATION_KINDS.map((k) => [k, off.get(k) ?? true]),
    ) as NotificationPreferences['email'],
  };
}

async function setEmail(db: Queryable, userId: string, kind: EmailNotificationKind, email: boolean) {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, email })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email, updatedAt: sql`now()` },
    });
}

export async function setPreferences(
  db: Db,
  caller: Principal,
  input: Partial<Record<EmailNotificationKind, boolean>>,
): Promise<NotificationPreferences> {
  await db.transaction(async (tx) => {
    for (const [kind, email] of Object.entries(input) as [EmailNotificationKind, boolean][])
      await setEmail(tx, caller.id, kind, email);
  });
  return getPreferences(db, caller);
}

/**
 * One-click unsubscribe (RFC 8058), no sign-in: the token is spent in the same statement that checks it, so it
 * works once; the kind's email is switched off for its owner.
 */
export async function unsubscribe(db: Db, token: string): Promise<{ kind: string; label: string }> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(unsubscribeTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(unsubscribeTokens.tokenHash, sha256Hex(token)), isNull(unsubscribeTokens.usedAt)))
      .returning();
    if (!spent) {
      const [known] = await tx
        .select({ usedAt: unsubscribeTokens.usedAt })
        .from(unsubscribeTokens)
        .where(eq(unsubscribeTokens.tokenHash, sha256Hex(token)));
      if (known) throw new HttpError(410, 'UNSUBSCRIBE_USED', 'This unsubscribe link has already been used');
      throw notFound('This unsubscribe link is not valid', 'UNSUBSCRIBE_INVALID');
    }
    const kind = spent.kind as EmailNotificationKind;
    await setEmail(tx, spent.userId, kind, false);
    return { kind, label: EMAIL_KIND_LABELS[kind] ?? kind };
  });
}
