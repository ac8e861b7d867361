import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiJson, apiRequest } from '#client/lib/api-client.ts';
import type {
  ConversationDetail,
  ConversationSummary,
  Message,
  Participant,
} from '#shared/schemas/messaging.ts';

// Query keys are URL segments (docs/product.md#api-calls): every messaging key starts with '/api/conversations', so one
// invalidation refreshes the list, the open thread and the unread total.
export const CONVERSATIONS_KEY = ['/api/conversations'] as const;
export const UNREAD_KEY = ['/api/conversations', 'unread-count'] as const;
export const CONTACTS_KEY = ['/api/conversations', 'contacts'] as const;
export const conversationKey = (id: string) => ['/api/conversations', id] as const;

/** How a message is sent: students post to the conversation, the admin console to POST /api/messages. */
export type SendMessage = (conversationId: string, content: string) => Promise<Message>;

export const sendToConversation: SendMessage = (conversationId, content) =>
  apiJson<Message>('POST', `/api/conversations/${conversationId}/messages`, { content });

export const sendViaMessages: SendMessage = (conversationId, content) =>
  apiJson<Message>('POST', '/api/messages', { conversationId, content });

export function createConversation(participantIds: string[], title?: string) {
  return apiJson<ConversationSummary>('POST', '/api/conversations', { participantIds, title });
}

export function useConversations() {
  return useQuery<ConversationSummary[]>({ queryKey: CONVERSATIONS_KEY });
}

export function useUnreadCount() {
  return useQuery<{ count: number }>({ queryKey: UNREAD_KEY });
}

export function useContacts(enabled = true) {
  return useQuery<Participant[]>({ queryKey: CONTACTS_KEY, enabled });
}

/** Marks a conversation read (a POST: reading it with GET changes nothing). */
export function markConversationRead(id: string) {
  return apiRequest('POST', `/api/conversations/${id}/read`);
}

/** The open thread; once shown it is marked read, then the list and the unread total are refreshed. */
export function useConversation(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery<ConversationDetail>({ queryKey: conversationKey(id ?? ''), enabled: Boolean(id) });
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (!dataUpdatedAt || !id) return;
    void markConversationRead(id)
      .catch(() => undefined)
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
        void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      });
  }, [dataUpdatedAt, id, queryClient]);
  return query;
}

/** After a send or a pushed message: refresh the lists, the unread total and (if open) that thread. */
export function refreshConversations(queryClient: QueryClient, conversationId?: string) {
  void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
  void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
  if (conversationId) void queryClient.invalidateQueries({ queryKey: conversationKey(conversationId) });
}

/** "You" for your own messages, otherwise the sender's first name or email (docs/product.md#messaging). */
export function senderLabel(message: Pick<Message, 'senderId' | 'sender'>, myId: string): string {
  if (message.senderId === myId) return 'You';
  return message.sender.firstName?.trim() || message.sender.email || 'Student';
}

export function participantName(p: Pick<Participant, 'firstName' | 'lastName' | 'email'>): string {
  const name = [p.firstName, p.lastName].filter((x) => x?.trim()).join(' ');
  return name || p.email || 'Student';
}

export function conversationTitle(
  c: Pick<ConversationSummary, 'title' | 'otherParticipants' | 'type'>,
): string {
  if (c.title) return c.title;
  if (c.otherParticipants.length === 0) return 'Conversation';
  return c.otherParticipants.map(participantName).join(', ');
}
