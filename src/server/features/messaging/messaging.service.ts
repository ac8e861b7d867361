import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import {
  conversationParticipants,
  conversations,
  messages,
  scheduledJobs,
  users,
} from '#server/db/schema/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { badRequest, forbidden, isUniqueViolation, notFound } from '#server/lib/http.error.ts';
import { type AppEvent, JOBS_CHANNEL } from '#server/lib/jobs.service.ts';
import { accountsStanding } from '#server/lib/users.repo.ts';
import type { ConversationDetail, ConversationSummary, Message } from '#shared/schemas/messaging.ts';
import { type MessageRow, presentMessage, presentParticipant } from './messaging.presenter.ts';
import { assertInReach } from './reach.service.ts';

// Conversations between students and staff (docs/product.md#messaging). The service is the same for both sides; what differs is
// who may open which conversation (students: a direct one with an admin) and what a student may see of other
// students (no emails, docs/product.md#messaging).

export const MESSAGE_CHANNEL = 'messages';
/** The longest history a thread returns (the newest messages). */
const THREAD_LIMIT = 500;

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  staffRoles: users.staffRoles,
};

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  content: messages.content,
  createdAt: messages.createdAt,
  sender: {
    id: users.id,
    firstName: users.firstName,
    email: users.email,
    role: users.role,
    staffRoles: users.staffRoles,
  },
};

export async function loadMessage(db: Queryable, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId));
  return row;
}

function lastMessagesOf(db: Queryable, conversationIds: string[]) {
  const latest = db
    .select({ content: messages.content, createdAt: messages.createdAt, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.createdAt))
    .limit(1)
    .as('latest');
  return db
    .select({
      conversationId: conversations.id,
      content: latest.content,
      createdAt: latest.createdAt,
      senderId: latest.senderId,
    })
    .from(conversations)
    .innerJoinLateral(latest, sql`true`)
    .where(inArray(conversations.id, conversationIds));
}

/** Messages from others that arrived after the viewer last read the conversation. */
function unreadCondition(viewerId: string) {
  return and(
    ne(messages.senderId, viewerId),
    or(
      isNull(conversationParticipants.lastReadAt),
      gt(messages.createdAt, conversationParticipants.lastReadAt),
    ),
  );
}

export async function listConversations(
  db: Queryable,
  viewer: Principal,
  onlyId?: string,
): Promise<ConversationSummary[]> {
  const mine = await db
    .select({ conversation: conversations })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(eq(conversationParticipants.userId, viewer.id), onlyId ? eq(conversations.id, onlyId) : undefined),
    )
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.createdAt));
  if (mine.length === 0) return [];
  const ids = mine.map((m) => m.conversation.id);

  const [people, lastMessages, unread] = await Promise.all([
    db
      .select({ conversationId: conversationParticipants.conversationId, person: personColumns })
      .from(conversationParticipants)
      .innerJoin(users, eq(users.id, conversationParticipants.userId))
      .where(
        and(
          inArray(conversationParticipants.conversationId, ids),
          ne(conversationParticipants.userId, viewer.id),
        ),
      )
      .orderBy(asc(users.firstName), asc(users.email)),
    // One index probe per conversation (messages_conversation_created_idx, newest first) rather than reading
    // every message of every conversation: on the embedded database each query runs on the event loop's thread.
    lastMessagesOf(db, ids),
    db
      .select({ conversationId: messages.conversationId, n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(
        conversationParticipants,
        and(
          eq(conversationParticipants.conversationId, messages.conversationId),
          eq(conversationParticipants.userId, viewer.id),
        ),
      )
      .where(and(inArray(messages.conversationId, ids), unreadCondition(viewer.id)))
      .groupBy(messages.conversationId),
  ]);

  return mine.map(({ conversation }) => {
    const last = lastMessages.find((m) => m.conversationId === conversation.id);
    return {
      id: conversation.id,
      type: conversation.type,
      title: conversation.title,
      otherParticipants: people
        .filter((p) => p.conversationId === conversation.id)
        .map((p) => presentParticipant(viewer, p.person)),
      lastMessage: last
        ? { content: last.content, createdAt: last.createdAt.toISOString(), senderId: last.senderId }
        : null,
      unreadCount: Number(unread.find((u) => u.conversationId === conversation.id)?.n ?? 0),
      lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
      createdAt: conversation.createdAt.toISOString(),
    };
  });
}

export async function unreadTotal(db: Queryable, viewer: Principal): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, viewer.id),
      ),
    )
    .where(unreadCondition(viewer.id));
  return Number(row?.n ?? 0);
}

/** 404 for an unknown conversation, 403 when the viewer is not in it. */
async function requireParticipant(db: Queryable, viewer: Principal, conversationId: string): Promise<void> {
  const [row] = await db
    .select({ id: conversations.id, me: conversationParticipants.userId })
    .from(conversations)
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, viewer.id),
      ),
    )
    .where(eq(conversations.id, conversationId));
  if (!row) throw notFound('Conversation not found');
  if (!row.me) throw forbidden('You are not a participant in this conversation');
}

/** The conversation with its messages (oldest first); reading changes nothing (see markConversationRead). */
export async function getConversation(
  db: Queryable,
  viewer: Principal,
  conversationId: string,
): Promise<ConversationDetail> {
  await requireParticipant(db, viewer, conversationId);
  const newestFirst = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_LIMIT);
  const [summary] = await listConversations(db, viewer, conversationId);
  return { ...summary!, messages: newestFirst.reverse().map((m) => presentMessage(viewer, m)) };
}

/** Marks every message of the conversation up to its newest as read by the viewer (POST …/read). */
export async function markConversationRead(db: Queryable, viewer: Principal, conversationId: string) {
  await requireParticipant(db, viewer, conversationId);
  const [newest] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (newest) {
    await db
      .update(conversationParticipants)
      .set({
        // From the row itself: JavaScript dates lose PostgreSQL's microseconds.
        lastReadAt: sql`GREATEST(COALESCE(${conversationParticipants.lastReadAt}, '-infinity'::timestamptz), (SELECT ${messages.createdAt} FROM ${messages} WHERE ${messages.id} = ${newest.id}))`,
      })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, viewer.id),
        ),
      );
  }
}

export async function sendMessage(
  database: Database,
  viewer: Principal,
  conversationId: string,
  content: string,
): Promise<Message> {
  const db = database.db;
  // One statement (atomic on its own, one round trip): the participant check, the message, the conversation's
  // order, your own message read, the 'message.sent' event for the bell and digest (README 'Notifications'), the
  // notifications that wake every app process's streams and job runners, and the message with its sender for the
  // reply. On the embedded database a transaction holds the only connection across every await in it, and on
  // either database each round trip waits its turn under load, so seven statements made a message the slowest
  // request on a busy day (docs/decisions/0022-fair-share-between-visitors-and-learners.md).
  const result = await db.execute<SentRow>(sql`
    WITH inserted AS (
      INSERT INTO ${messages} (conversation_id, sender_id, content)
      SELECT ${conversationId}, ${viewer.id}, ${content}
      WHERE EXISTS (
        SELECT 1 FROM ${conversationParticipants}
        WHERE conversation_id = ${conversationId} AND user_id = ${viewer.id}
      )
      RETURNING id, conversation_id, sender_id, content, created_at
    ), touched AS (
      UPDATE ${conversations} SET last_message_at = now(), updated_at = now()
      WHERE id = ${conversationId} AND EXISTS (SELECT 1 FROM inserted)
    ), read_own AS (
      -- Your own message is read.
      UPDATE ${conversationParticipants} SET last_read_at = now()
      WHERE conversation_id = ${conversationId} AND user_id = ${viewer.id} AND EXISTS (SELECT 1 FROM inserted)
    ), event AS (
      INSERT INTO ${scheduledJobs} (kind, payload)
      SELECT ${'message.sent' satisfies AppEvent['kind']},
        jsonb_build_object('conversationId', ${conversationId}::text, 'messageId', id::text, 'senderId', ${viewer.id}::text)
      FROM inserted
    )
    -- The message as the sender sees it comes back from the same statement, with the sender's name as stored.
    SELECT inserted.id, inserted.conversation_id, inserted.sender_id, inserted.content, inserted.created_at,
      sender.first_name, sender.email, sender.role, sender.staff_roles,
      pg_notify(${MESSAGE_CHANNEL}, json_build_object('conversationId', ${conversationId}::text, 'messageId', inserted.id::text)::text),
      pg_notify(${JOBS_CHANNEL}, '')
    FROM inserted JOIN ${users} sender ON sender.id = inserted.sender_id`);
  const row = (Array.isArray(result) ? result : (result as { rows: SentRow[] }).rows)[0];
  if (!row) {
    // Nothing was written: say why (unknown conversation 404, not a participant 403).
    await requireParticipant(db, viewer, conversationId);
    throw forbidden('You are not a participant in this conversation');
  }
  return presentMessage(viewer, {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    // Both drivers parse timestamptz to a Date; a string is taken as the ISO time it is.
    createdAt: new Date(row.created_at),
    sender: {
      id: row.sender_id,
      firstName: row.first_name,
      email: row.email,
      role: row.role,
      staffRoles: row.staff_roles,
    },
  });
}

/** A row of sendMessage's statement (column names as the database gives them). */
interface SentRow extends Record<string, unknown> {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: Date | string;
  first_name: MessageRow['sender']['firstName'];
  email: string;
  role: MessageRow['sender']['role'];
  staff_roles: MessageRow['sender']['staffRoles'];
}

/**
 * Admins open a direct conversation with one person (reusing the existing one) or a group with several;
 * students may open a direct conversation with an admin.
 */
export async function createConversation(
  db: Db,
  viewer: Principal,
  participantIds: string[],
  title: string | undefined,
): Promise<{ conversation: ConversationSummary; created: boolean }> {
  const others = [...new Set(participantIds)].filter((id) => id !== viewer.id);
  if (others.length === 0) throw badRequest('Please select at least one student');
  const people = await accountsStanding(db, others);
  if (people.length !== others.length || people.some((p) => !p.isActive)) {
    throw badRequest('Unknown participant');
  }
  await assertInReach(db, viewer, people);

  if (others.length === 1) {
    const directKey = [viewer.id, others[0]!].sort().join(':');
    const existing = await findDirect(db, directKey);
    if (existing)
      return { conversation: (await listConversations(db, viewer, existing))[0]!, created: false };
    try {
      const id = await db.transaction(async (tx) => {
        const [conv] = await tx
          .insert(conversations)
          .values({ type: 'direct', directKey, createdBy: viewer.id })
          .returning({ id: conversations.id });
        await tx.insert(conversationParticipants).values([
          { conversationId: conv!.id, userId: viewer.id },
          { conversationId: conv!.id, userId: others[0]! },
        ]);
        return conv!.id;
      });
      return { conversation: (await listConversations(db, viewer, id))[0]!, created: true };
    } catch (error) {
      // Two people opened the same pair at once: use the one that won.
      if (!isUniqueViolation(error)) throw error;
      const winner = await findDirect(db, directKey);
      if (!winner) throw error;
      return { conversation: (await listConversations(db, viewer, winner))[0]!, created: false };
    }
  }

  const id = await db.transaction(async (tx) => {
    const [conv] = await tx
      .insert(conversations)
      .values({ type: 'group', title: title?.trim() || null, createdBy: viewer.id })
      .returning({ id: conversations.id });
    await tx
      .insert(conversationParticipants)
      .values([viewer.id, ...others].map((userId) => ({ conversationId: conv!.id, userId })));
    return conv!.id;
  });
  return { conversation: (await listConversations(db, viewer, id))[0]!, created: true };
}

async function findDirect(db: Queryable, directKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.directKey, directKey));
  return row?.id;
}

/** Who the viewer may start a conversation with: students see the admins (their instructors). */
/** Which of these users take part in a conversation (for pushing a new message to open streams). */
export async function participantIdsOf(db: Queryable, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
  return rows.map((r) => r.userId);
}
