import { z } from 'zod';

export const MESSAGE_MAX_LENGTH = 5000;

export const messageContentSchema = z
  .string()
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);

export const sendMessageSchema = z.strictObject({ content: messageContentSchema });
export const postMessageSchema = z.strictObject({ conversationId: z.uuid(), content: messageContentSchema });
export const createConversationSchema = z.strictObject({
  participantIds: z.array(z.uuid()).min(1, 'Please select at least one student').max(500),
  title: z.string().trim().max(200).optional(),
});
export type CreateConversationInput = z.input<typeof createConversationSchema>;

export const participantSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Null when a student looks at another student (students never see each other's emails). */
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(['admin', 'student']),
});
export type Participant = z.infer<typeof participantSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  sender: z.object({ firstName: z.string().nullable(), email: z.string().nullable() }),
  content: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  type: z.enum(['group', 'direct']),
  title: z.string().nullable(),
  otherParticipants: z.array(participantSchema),
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), senderId: z.string() }).nullable(),
  unreadCount: z.number(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
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
