import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import {
  createConversation,
  refreshConversations,
  sendViaMessages,
} from '#client/components/messaging/messaging-api.ts';
import { MessagingPanel } from '#client/components/messaging/messaging-panel.tsx';
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
import { errorToast, successToast, validationToast } from '../api/admin-api.ts';
import { Field } from './empty-state.tsx';
import { type PickedStudent, reportPickerError, StudentPicker } from './student-picker.tsx';

/** The admin's inbox: the shared messaging panel, sending through POST /api/messages (docs/product.md#messaging). */
export function MessagesTab({
  myId,
  selectedId,
  onSelect,
}: {
  myId: string;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  return (
    <MessagingPanel
      myId={myId}
      selectedId={selectedId}
      onSelect={onSelect}
      send={sendViaMessages}
      actions={<GroupMessageDialog onCreated={onSelect} />}
    />
  );
}

/** Opens (or reuses) the direct conversation with one student; the caller switches to the Messages tab. */
export function useMessageStudent(onOpened: (conversationId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) => createConversation([studentId]),
    onSuccess: (conversation) => {
      successToast('Conversation created successfully');
      refreshConversations(queryClient);
      onOpened(conversation.id);
    },
    onError: (error) => errorToast('Failed to create conversation', error),
  });
}

function GroupMessageDialog({ onCreated }: { onCreated: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<PickedStudent[]>([]);
  const [studentsError, setStudentsError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const pick = (next: PickedStudent[]) => {
    setSelected(next);
    if (next.length) setStudentsError(undefined);
  };
  const submit = () => {
    if (selected.length) return create.mutate();
    // The spec's message, under the list (the toast alone would cover the dialog on a phone) and as a toast.
    const message = 'Please select at least one student';
    reportPickerError('gm', message, setStudentsError);
    validationToast(message);
  };
  const create = useMutation({
    // The title is only sent for a real group: more than one student (docs/product.md#messaging).
    mutationFn: () =>
      createConversation(
        selected.map((s) => s.id),
        selected.length > 1 && title.trim() ? title.trim() : undefined,
      ),
    onSuccess: (conversation) => {
      successToast('Conversation created successfully');
      refreshConversations(queryClient);
      setOpen(false);
      setSelected([]);
      setStudentsError(undefined);
      setTitle('');
      onCreated(conversation.id);
    },
    onError: (error) => errorToast('Failed to create conversation', error),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)}>
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
            <StudentPicker idPrefix="gm" selected={selected} onChange={pick} error={studentsError} />
          </fieldset>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button disabled={create.isPending} onClick={submit}>
            Create Conversation
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
