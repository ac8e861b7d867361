import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LIVE_EVENTS, refreshForEvent } from '#client/components/notifications/notifications-api.ts';
import type { Message } from '#shared/schemas/messaging.ts';
import { refreshConversations } from './messaging-api.ts';

/**
 * Subscribes to GET /api/conversations/stream (server-sent events) while mounted: each new message refreshes
 * the conversation list, the unread total and the thread it belongs to. EventSource reconnects on its own. The
 * same stream says when the bell, the learner's progress or the apprenticeship changed (every open tab refreshes).
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
    const live = (event: MessageEvent<string>) => refreshForEvent(queryClient, event.type);
    for (const name of LIVE_EVENTS) source.addEventListener(name, live);
    return () => {
      source.removeEventListener('message', handle);
      for (const name of LIVE_EVENTS) source.removeEventListener(name, live);
      source.close();
    };
  }, [queryClient]);
}
