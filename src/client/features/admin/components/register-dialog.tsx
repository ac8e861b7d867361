import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatDateTime } from '#shared/format.ts';
import { adminApi, adminKeys, errorToast, successToast, useRegister } from '../api/admin-api.ts';

/**
 * The register of one session (docs/product.md#live-sessions): everyone expected (the list and the course), their
 * answer to 'Will you attend?', and a tick for who was there. Saving approves present apprentices' OTJ hours.
 */
export function RegisterDialog({
  sessionId,
  onClose,
  onSaved,
}: {
  sessionId: string | null;
  onClose: () => void;
  /** After a save, e.g. to refresh a list showing whether the register is taken. */
  onSaved?: () => void;
}) {
  const queryClient = useQueryClient();
  const { data } = useRegister(sessionId);
  const [present, setPresent] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setPresent(new Set(data.people.filter((p) => p.present).map((p) => p.id)));
  }, [data]);

  const save = async () => {
    if (!sessionId) return;
    setSaving(true);
    try {
      const saved = await adminApi.takeRegister(sessionId, [...present]);
      queryClient.setQueryData(adminKeys.register(sessionId), saved);
      successToast(`Register saved: ${present.size} present`);
      onSaved?.();
      onClose();
    } catch (error) {
      errorToast('Could not save the register', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={sessionId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Register</DialogTitle>
          <DialogDescription>
            {data ? `${data.title}, ${formatDateTime(data.startTime)}. ` : ''}
            Tick who was there. Apprentices marked present get the session as approved off-the-job hours.
          </DialogDescription>
        </DialogHeader>
        {!data ? (
          <Skeleton className="h-32" />
        ) : data.people.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nobody is expected: the session has no course and no list.
          </p>
        ) : (
          <ul className="grid max-h-[50vh] gap-1 overflow-y-auto" aria-label="People expected">
            {data.people.map((p) => {
              const id = `register-${p.id}`;
              return (
                <li
                  key={p.id}
                  className="flex min-w-0 items-center gap-3 rounded-md px-2 py-2 hover:bg-muted"
                >
                  <Checkbox
                    id={id}
                    checked={present.has(p.id)}
                    onCheckedChange={(checked) =>
                      setPresent((old) => {
                        const next = new Set(old);
                        if (checked === true) next.add(p.id);
                        else next.delete(p.id);
                        return next;
                      })
                    }
                  />
                  <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                    <span className="block truncate text-sm font-medium">{p.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">{p.email}</span>
                  </label>
                  {p.attending === true ? (
                    <Badge variant="success" className="shrink-0">
                      Said yes
                    </Badge>
                  ) : p.attending === false ? (
                    <Badge variant="outline" className="shrink-0">
                      Said no
                    </Badge>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!data || saving}>
            Save register
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
