import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import { ConversationList } from './conversation-list.tsx';
import { MessageThread } from './message-thread.tsx';
import {
  conversationTitle,
  participantName,
  refreshConversations,
  type SendMessage,
  sendToConversation,
  useConversation,
  useConversations,
} from './messaging-api.ts';
import { SendBox } from './send-box.tsx';

interface MessagingPanelProps {
  myId: string;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Students post to the conversation; the admin console passes sendViaMessages. */
  send?: SendMessage;
  /** Extra controls above the list (the admin's Group Message button, a student's "Message an instructor"). */
  actions?: ReactNode;
}

/**
 * Conversations on the left, the selected thread and a send box on the right (docs/product.md#messaging). On a phone it shows one
 * column at a time with a back button. Live updates come from useMessageStream, mounted by the page.
 */
export function MessagingPanel({
  myId,
  selectedId,
  onSelect,
  send = sendToConversation,
  actions,
}: MessagingPanelProps) {
  const queryClient = useQueryClient();
  const list = useConversations();
  const thread = useConversation(selectedId);
  const conversations = list.data ?? [];
  const selected = thread.data ?? conversations.find((c) => c.id === selectedId);

  return (
    <Card className="grid min-h-[32rem] overflow-hidden md:h-[36rem] md:grid-cols-[20rem_1fr]">
      <section
        aria-label="Conversation list"
        className={cn('flex min-h-0 flex-col border-border md:border-r', selectedId && 'hidden md:flex')}
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3 [&>*:last-child]:shrink-0">
          <h2 className="min-w-0 font-semibold">Conversations</h2>
          {actions}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {list.isLoading ? (
            <div className="flex justify-center py-10">
              <Spinner label="Loading conversations..." />
            </div>
          ) : (
            <ConversationList
              conversations={conversations}
              selectedId={selectedId}
              onSelect={onSelect}
              myId={myId}
            />
          )}
        </div>
      </section>

      <section
        aria-label="Conversation"
        className={cn('flex min-h-0 flex-col', !selectedId && 'hidden md:flex')}
      >
        {selectedId && selected ? (
          <>
            <div className="flex items-center gap-3 border-b border-border px-3 py-3 sm:px-4">
              <Button
                variant="ghost"
                size="icon-sm"
                className="md:hidden"
                aria-label="Back to conversations"
                onClick={() => onSelect(null)}
              >
                <ArrowLeft aria-hidden="true" />
              </Button>
              {selected.type === 'direct' && selected.otherParticipants[0] ? (
                <Avatar
                  firstName={selected.otherParticipants[0].firstName}
                  lastName={selected.otherParticipants[0].lastName}
                  email={selected.otherParticipants[0].email}
                  imageUrl={selected.otherParticipants[0].profileImageUrl}
                />
              ) : null}
              <div className="min-w-0">
                <h3 className="truncate font-semibold">{conversationTitle(selected)}</h3>
                {selected.type === 'group' ? (
                  <p className="truncate text-xs text-muted-foreground">
                    {selected.otherParticipants.map(participantName).join(', ')}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto bg-background">
              {thread.isLoading ? (
                <div className="flex justify-center py-10">
                  <Spinner label="Loading messages..." />
                </div>
              ) : (
                <MessageThread messages={thread.data?.messages ?? []} myId={myId} />
              )}
            </div>
            <SendBox
              conversationId={selectedId}
              send={send}
              onSent={(message) => refreshConversations(queryClient, message.conversationId)}
            />
          </>
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-sm text-muted-foreground">
            <MessageSquare aria-hidden="true" className="size-10 text-navy-300" />
            <p>Select a conversation to start messaging</p>
          </div>
        )}
      </section>
    </Card>
  );
}
