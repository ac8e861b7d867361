import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { conversationParticipants, conversations, messages, users } from '#server/db/schema/index.ts';
import { scheduleJob } from '#server/lib/jobs.service.ts';
import { userById } from '#server/lib/users.repo.ts';
import { emailWanted, enqueueNotificationEmail, type NotifyContext, notify } from './notify.service.ts';

// New messages (README 'Notifications'): each one is in the bell at once; email comes as a digest, at most one per
// conversation and person every 15 minutes, and none if the person read the conversation in the app first.

export const DIGEST_WINDOW_MS = 15 * 60 * 1000;

const name = (p: { firstName: string | null; lastName: string | null; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;

/** The conversation as the person knows it: its title, or who else is in it. */
async function conversationName(db: Queryable, conversationId: string, userId: string): Promise<string> {
  const [conversation] = await db
    .select({ title: conversations.title })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (conversation?.title) return conversation.title;
  const others = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(and(eq(conversationParticipants.conversationId, conversationId), ne(users.id, userId)))
    .orderBy(asc(users.firstName))
    .limit(3);
  return others.length ? `your conversation with ${others.map(name).join(', ')}` : 'a conversation';
}

export const homeOf = (role: string) => (role === 'student' ? '/dashboard' : '/admin');

/**
 * message.sent: the other participants' bell, and a digest job per person at the end of the message's 15-minute
 * window (windows are aligned, and the job's key is unique, so a window sends at most one email).
 */
export async function onMessageSent(
  db: Queryable,
  ctx: NotifyContext,
  payload: Record<string, string>,
): Promise<string[]> {
  const [message] = await db
    .select({
      content: messages.content,
      createdAt: messages.createdAt,
      conversationId: messages.conversationId,
    })
    .from(messages)
    .where(eq(messages.id, payload.messageId!));
  if (!message) return [];
  const sender = await userById(db, payload.senderId!);
  const recipients = await db
    .select({ id: users.id, role: users.role })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(
      and(
        eq(conversationParticipants.conversationId, message.conversationId),
        ne(users.id, payload.senderId!),
      ),
    );
  const windowEnd = new Date(
    Math.floor(message.createdAt.getTime() / DIGEST_WINDOW_MS + 1) * DIGEST_WINDOW_MS,
  );
  const told: string[] = [];
  for (const person of recipients) {
    const title = `New message from ${sender ? name(sender) : 'someone'}`;
    const body = message.content.length > 140 ? `${message.content.slice(0, 139)}…` : message.content;
    if (
      await notify(db, ctx, {
        userId: person.id,
        kind: 'message',
        title,
        body,
        link: homeOf(person.role),
        dedupeKey: `message:${payload.messageId}`,
      })
    )
      told.push(person.id);
    await scheduleJob(db, {
      kind: 'message.digest',
      key: `digest:${message.conversationId}:${person.id}:${windowEnd.toISOString()}`,
      payload: { conversationId: message.conversationId, userId: person.id },
      runAt: windowEnd,
    });
  }
  return told;
}

/** message.digest: one email naming the conversation, with what is still unread; nothing if all was read. */
export async function onMessageDigest(
  db: Queryable,
  ctx: NotifyContext,
  payload: Record<string, string>,
): Promise<string[]> {
  const { conversationId, userId } = payload as { conversationId: string; userId: string };
  const [me] = await db
    .select({ email: users.email, role: users.role, isActive: users.isActive })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    );
  if (!me?.isActive || !(await emailWanted(db, userId, 'message'))) return [];
  const unread = await db
    .select({
      content: messages.content,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, userId),
        // Compared in SQL: JavaScript dates lose PostgreSQL's microseconds.
        gt(
          messages.createdAt,
          sql`coalesce((SELECT last_read_at FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${userId}), '-infinity'::timestamptz)`,
        ),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(20);
  if (!unread.length) return [];
  const conversation = await conversationName(db, conversationId, userId);
  const shown = unread.slice(0, 3).reverse();
  await enqueueNotificationEmail(db, ctx, {
    userId,
    to: me.email,
    kind: 'message',
    subject: `New messages in ${conversation}`,
    paragraphs: [
      `You have ${unread.length === 20 ? '20 or more' : unread.length} unread message${unread.length === 1 ? '' : 's'} in ${conversation}:`,
      ...shown.map(
        (m) => `${name(m)}: ${m.content.length > 300 ? `${m.content.slice(0, 299)}…` : m.content}`,
      ),
    ],
    link: homeOf(me.role),
  });
  return [];
}
