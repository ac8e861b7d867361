import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { text } from './common.ts';

export const MESSAGE_MAX_LENGTH = 5000;

export const messageContentSchema = text()
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);

export const sendMessageSchema = z.strictObject({ content: messageContentSchema });
export const postMessageSchema = z.strictObject({ conversationId: z.uuid(), content: messageContentSchema });
export const createConversationSchema = z.strictObject({
  participantIds: z.array(z.uuid()).min(1, 'Please select at least one student').max(500),
  title: text().trim().max(200).optional(),
});

export const participantSchema = z.object({
  id: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  /** Null when a student looks at another student (students never see each other's emails). */
  email: text().nullable(),
  profileImageUrl: text().nullable(),
  role: z.enum(ROLES),
});
export type Participant = z.infer<typeof participantSchema>;

export const messageSchema = z.object({
  id: text(),
  conversationId: text(),
  senderId: text(),
  sender: z.object({ firstName: text().nullable(), email: text().nullable() }),
  content: text(),
  createdAt: text(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: text(),
  type: z.enum(['group', 'direct']),
  title: text().nullable(),
  otherParticipants: z.array(participantSchema),
  lastMessage: z.object({ content: text(), createdAt: text(), senderId: text() }).nullable(),
  unreadCount: z.number(),
  lastMessageAt: text().nullable(),
  createdAt: text(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationsResponseSchema = z.array(conversationSummarySchema);

export const conversationDetailSchema = conversationSummarySchema.extend({
  messages: z.array(messageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const unreadCountSchema = z.object({ count: z.number() });
export const contactsResponseSchema = z.array(participantSchema);

/** What the SSE stream sends for each new message. */
export const STREAM_EVENT_MESSAGE = 'message';
