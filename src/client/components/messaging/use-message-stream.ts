import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Message } from '#shared/schemas/messaging.ts';
import { refreshConversations } from './messaging-api.ts';

/**
 * Subscribes to GET /api/conversations/stream (server-sent events) while mounted: each new message refreshes
 * the conversation list, the unread total and the thread it belongs to. EventSource reconnects on its own.
 */
export function useMessageStream(onMessage?: (message: Message) => void) {
  const queryClient = useQueryClient();
  const callback = useRef(onMessage);
  callback.current = onMessage;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/conversations/stream', { withCredentials: true });
    const handle = (event: MessageEvent<string>) => {
      let message: Message;
      try {
        message = JSON.parse(event.data) as Message;
      } catch {
        return;
      }
      refreshConversations(queryClient, message.conversationId);
      callback.current?.(message);
    };
    source.addEventListener('message', handle);
    return () => {
      source.removeEventListener('message', handle);
      source.close();
    };
  }, [queryClient]);
}
