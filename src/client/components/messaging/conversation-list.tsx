import { MessageSquare, Users } from 'lucide-react';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatDateTime } from '#shared/format.ts';
import type { ConversationSummary } from '#shared/schemas/messaging.ts';
import { conversationTitle } from './messaging-api.ts';

interface ConversationListProps {
  conversations: ConversationSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  myId: string;
}

/** The left column of the Messages tab: newest first, unread counts, the last message. */
export function ConversationList({ conversations, selectedId, onSelect, myId }: ConversationListProps) {
  if (conversations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-muted-foreground">
        <MessageSquare aria-hidden="true" className="size-8 text-navy-300" />
        <p>No conversations yet</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Conversations">
      {conversations.map((c) => {
        const active = c.id === selectedId;
        const first = c.otherParticipants[0];
        const preview = c.lastMessage
          ? `${c.lastMessage.senderId === myId ? 'You: ' : ''}${c.lastMessage.content}`
          : 'No messages yet';
        return (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c.id)}
              aria-current={active ? 'true' : undefined}
              className={cn(
                'flex w-full cursor-pointer items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
                active && 'bg-navy-50',
              )}
            >
              {c.type === 'group' || !first ? (
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-safety-100 text-safety-800">
                  <Users aria-hidden="true" className="size-4" />
                </span>
              ) : (
                <Avatar
                  firstName={first.firstName}
                  lastName={first.lastName}
                  email={first.email}
                  imageUrl={first.profileImageUrl}
                />
              )}
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', c.unreadCount > 0 ? 'font-bold' : 'font-semibold')}>
                    {conversationTitle(c)}
                  </span>
                  {c.unreadCount > 0 ? (
                    <span className="shrink-0 rounded-full bg-accent px-2 text-xs leading-5 font-bold text-accent-foreground">
                      <span className="sr-only">Unread: </span>
                      {c.unreadCount}
                    </span>
                  ) : null}
                </span>
                <span className="block truncate text-sm text-muted-foreground">{preview}</span>
                {c.lastMessageAt ? (
                  <span className="block text-xs text-muted-foreground">
                    {formatDateTime(c.lastMessageAt)}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
