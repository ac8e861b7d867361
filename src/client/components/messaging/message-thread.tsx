import { useEffect, useRef } from 'react';
import { cn } from '#client/lib/utils.ts';
import { formatDateTime } from '#shared/format.ts';
import type { Message } from '#shared/schemas/messaging.ts';
import { senderLabel } from './messaging-api.ts';

/** The messages of one conversation, oldest first, scrolled to the newest. */
export function MessageThread({ messages, myId }: { messages: Message[]; myId: string }) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    if (last) end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  if (messages.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-muted-foreground">No messages yet. Say hello!</p>
    );
  }
  return (
    <ol className="flex flex-col gap-3 p-4" aria-label="Messages">
      {messages.map((m) => {
        const mine = m.senderId === myId;
        return (
          <li key={m.id} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap shadow-sm sm:max-w-[75%]',
                mine ? 'rounded-br-sm bg-navy-900 text-white' : 'rounded-bl-sm border border-border bg-card',
              )}
            >
              {m.content}
            </div>
            <p className="mt-1 px-1 text-xs text-muted-foreground">
              <span className="font-medium text-navy-800">{senderLabel(m, myId)}</span>
              {' · '}
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </p>
          </li>
        );
      })}
      <div ref={end} />
    </ol>
  );
}
