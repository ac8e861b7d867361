import { useQueryClient } from '@tanstack/react-query';
import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import {
  createConversation,
  participantName,
  refreshConversations,
  useContacts,
} from '#client/components/messaging/messaging-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { toast } from '#client/lib/toast.ts';

/** A student starts (or reopens) a direct conversation with an instructor. */
export function StartConversation({ onStarted }: { onStarted: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const contacts = useContacts(open);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const instructors = contacts.data ?? [];
  const selected = chosen || instructors[0]?.id || '';

  async function start() {
    if (!selected) return;
    setBusy(true);
    try {
      const conversation = await createConversation([selected]);
      refreshConversations(queryClient);
      setOpen(false);
      onStarted(conversation.id);
    } catch {
      toast({ title: 'Error', description: 'Failed to create conversation', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <MessageSquarePlus aria-hidden="true" />
        New
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Message an instructor</DialogTitle>
            <DialogDescription>
              Ask a question about your course. Instructors usually reply within a working day.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="instructor">Instructor</Label>
            <Select
              id="instructor"
              value={selected}
              onChange={(e) => setChosen(e.target.value)}
              disabled={contacts.isLoading}
            >
              {instructors.map((p) => (
                <option key={p.id} value={p.id}>
                  {participantName(p)}
                </option>
              ))}
            </Select>
          </div>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="accent" disabled={!selected || busy} onClick={() => void start()}>
              Start Conversation
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
