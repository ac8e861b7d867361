import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/lib/toast.ts';
import { MESSAGE_MAX_LENGTH, type Message } from '#shared/schemas/messaging.ts';
import type { SendMessage } from './messaging-api.ts';

interface SendBoxProps {
  conversationId: string | null;
  send: SendMessage;
  onSent?: (message: Message) => void;
}

/**
 * docs/product.md#messaging: nothing is sent without a selected conversation or with blank text; the button is disabled while
 * the text is empty or a send is pending; the content goes trimmed and the box clears after a send.
 */
export function SendBox({ conversationId, send, onSent }: SendBoxProps) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const trimmed = text.trim();

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!conversationId || !trimmed || pending) return;
    setPending(true);
    try {
      const message = await send(conversationId, trimmed);
      setText('');
      onSent?.(message);
    } catch {
      toast({ title: 'Error', description: 'Failed to send message', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-border bg-card p-3">
      <label htmlFor="message-input" className="sr-only">
        Message
      </label>
      <Textarea
        id="message-input"
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="Type your message..."
        className="max-h-40 min-h-11 flex-1 resize-none"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <Button
        type="submit"
        variant="accent"
        size="icon"
        disabled={!trimmed || pending || !conversationId}
        aria-label="Send message"
      >
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
}
