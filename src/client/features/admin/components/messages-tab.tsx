import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Send, UsersRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAuth } from '#client/lib/auth.ts';
import { cn } from '#client/lib/utils.ts';
import { formatDateTime } from '#shared/format.ts';
import { apiJson, errorToast, successToast, validationToast } from '../api/admin-api.ts';
import { EmptyState, Field } from './empty-state.tsx';
import { type PickedStudent, StudentPicker } from './student-picker.tsx';

// Built on the messaging API contract (spec §7): GET /api/conversations, GET /api/conversations/{id},
// POST /api/messages {conversationId, content}, POST /api/conversations {participantIds, title?}.

interface Person {
  id?: string;
  firstName: string | null;
  email: string;
}
interface ConversationSummary {
  id: string;
  type: 'group' | 'direct';
  title: string | null;
  otherParticipants: Person[];
  lastMessage: { content: string; createdAt?: string } | null;
  unreadCount?: number;
}
interface Message {
  id: string;
  senderId: string;
  sender: Person | null;
  content: string;
  createdAt: string;
}
interface Conversation extends ConversationSummary {
  messages: Message[];
}

const CONVERSATIONS = ['/api/conversations'] as const;
const personName = (p: Person) => p.firstName?.trim() || p.email;
const conversationName = (c: ConversationSummary) =>
  c.title ||
  c.otherParticipants.map(personName).join(', ') ||
  (c.type === 'group' ? 'Group' : 'Conversation');

export function MessagesTab({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  const { data: conversations, isLoading } = useQuery<ConversationSummary[]>({ queryKey: CONVERSATIONS });
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <GroupMessageDialog onCreated={onSelect} />
      </div>
      <div className="grid min-h-[28rem] overflow-hidden rounded-xl border border-border bg-card shadow-card md:grid-cols-[18rem_1fr]">
        <aside
          className={cn('border-border md:border-r', selectedId ? 'hidden md:block' : 'block')}
          aria-label="Conversations"
        >
          {isLoading ? (
            <div className="flex justify-center p-6">
              <Spinner />
            </div>
          ) : !conversations?.length ? (
            <p className="p-6 text-center text-sm text-muted-foreground">No conversations yet</p>
          ) : (
            <ul className="max-h-[36rem] divide-y divide-border overflow-y-auto">
              {conversations.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(c.id)}
                    className={cn(
                      'flex w-full cursor-pointer items-start gap-3 px-4 py-3 text-left hover:bg-muted',
                      selectedId === c.id && 'bg-navy-50',
                    )}
                    aria-current={selectedId === c.id}
                  >
                    {c.type === 'group' ? (
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-safety-100 text-safety-800">
                        <UsersRound aria-hidden="true" className="size-4" />
                      </span>
                    ) : (
                      <Avatar
                        firstName={c.otherParticipants[0]?.firstName}
                        email={c.otherParticipants[0]?.email}
                      />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-2">
                        <span className="truncate text-sm font-semibold">{conversationName(c)}</span>
                        {c.unreadCount ? (
                          <Badge variant="accent" className="ml-auto">
                            {c.unreadCount}
                          </Badge>
                        ) : null}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {c.lastMessage?.content ?? 'No messages yet'}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
        <section className={cn('flex min-h-[28rem] flex-col', selectedId ? 'flex' : 'hidden md:flex')}>
          {selectedId ? (
            <Thread id={selectedId} onBack={() => onSelect(null)} />
          ) : (
            <div className="flex flex-1 items-center justify-center p-6">
              <EmptyState icon={MessageSquare} title="Select a conversation to start messaging" />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function Thread({ id, onBack }: { id: string; onBack: () => void }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const { data, isLoading } = useQuery<Conversation>({ queryKey: ['/api/conversations', id] });
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const count = data?.messages.length ?? 0;
  // Scroll to the newest message whenever one arrives.
  useEffect(() => {
    if (count) end.current?.scrollIntoView({ block: 'end' });
  }, [count]);
  const send = useMutation({
    mutationFn: (content: string) => apiJson('POST', '/api/messages', { conversationId: id, content }),
    onSuccess: () => {
      setText('');
      void client.invalidateQueries({ queryKey: CONVERSATIONS });
    },
    onError: (error) => errorToast('Failed to send message', error),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content) return;
    send.mutate(content);
  };
  return (
    <>
      <header className="flex items-center gap-2 border-b border-border px-4 py-3">
        <Button variant="ghost" size="sm" className="md:hidden" onClick={onBack}>
          Back
        </Button>
        <h2 className="truncate font-semibold">{data ? conversationName(data) : ''}</h2>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto p-4" aria-live="polite">
        {isLoading ? (
          <div className="flex justify-center">
            <Spinner />
          </div>
        ) : (
          data?.messages.map((m) => {
            const mine = m.senderId === user?.id;
            return (
              <div key={m.id} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm',
                    mine ? 'bg-navy-900 text-white' : 'bg-muted',
                  )}
                >
                  <p className="mb-0.5 text-xs font-semibold opacity-80">
                    {mine ? 'You' : m.sender ? personName(m.sender) : 'Unknown'}
                  </p>
                  <p className="whitespace-pre-wrap break-words">{m.content}</p>
                </div>
                <span className="mt-0.5 text-[11px] text-muted-foreground">
                  {formatDateTime(m.createdAt)}
                </span>
              </div>
            );
          })
        )}
        <div ref={end} />
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-border p-3">
        <Input
          aria-label="Message"
          placeholder="Type a message..."
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" disabled={!text.trim() || send.isPending} aria-label="Send message">
          <Send />
        </Button>
      </form>
    </>
  );
}

function GroupMessageDialog({ onCreated }: { onCreated: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<PickedStudent[]>([]);
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: () =>
      apiJson<{ id: string }>('POST', '/api/conversations', {
        participantIds: selected.map((s) => s.id),
        // The title is only sent for a real group (spec §5).
        ...(selected.length > 1 && title.trim() ? { title: title.trim() } : {}),
      }),
    onSuccess: (conversation) => {
      successToast('Conversation created successfully');
      void client.invalidateQueries({ queryKey: CONVERSATIONS });
      setOpen(false);
      setSelected([]);
      setTitle('');
      onCreated(conversation.id);
    },
    onError: (error) => errorToast('Failed to create conversation', error),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <UsersRound /> Group Message
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Group Message</DialogTitle>
          <DialogDescription>Start a conversation with one or more students.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <Field
            label="Group title (optional)"
            htmlFor="gm-title"
            hint="Used when more than one student is selected."
          >
            <Input id="gm-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">Students</legend>
            <StudentPicker idPrefix="gm" selected={selected} onChange={setSelected} />
          </fieldset>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            disabled={create.isPending}
            onClick={() =>
              selected.length ? create.mutate() : validationToast('Please select at least one student')
            }
          >
            Create Conversation
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
