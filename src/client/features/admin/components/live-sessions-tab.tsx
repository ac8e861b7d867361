import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Ban,
  CalendarDays,
  CalendarPlus,
  ClipboardCheck,
  Download,
  Pencil,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { FieldErrorsContext, idByKey } from '#client/components/forms/field-errors.ts';
import { useSchemaForm } from '#client/components/forms/schema-form.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { type AdminLiveSession, liveSessionInputSchema } from '#shared/schemas/admin-sessions.ts';
import {
  adminApi,
  adminKeys,
  errorToast,
  successToast,
  useCourses,
  useLiveSessions,
  validationToast,
} from '../api/admin-api.ts';
import { EmptyState, Field, FormFooter } from './empty-state.tsx';
import { RegisterDialog } from './register-dialog.tsx';
import { SessionFacts } from './session-facts.tsx';
import { type PickedStudent, StudentPicker, studentLabel } from './student-picker.tsx';

/** datetime-local wants local "YYYY-MM-DDTHH:MM". */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

export function LiveSessionsTab() {
  const { data: sessions, isLoading } = useLiveSessions();
  const [editing, setEditing] = useState<AdminLiveSession | undefined>();
  const [open, setOpen] = useState(false);
  const [registerFor, setRegisterFor] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'cancel' | 'delete'; session: AdminLiveSession } | null>(
    null,
  );
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: ({ kind, id }: { kind: 'cancel' | 'restore' | 'delete'; id: string }) =>
      adminApi.sessionAction(id, kind),
    onSuccess: (_d, { kind }) => {
      successToast(
        { cancel: 'Session cancelled', restore: 'Session restored', delete: 'Session deleted' }[kind],
      );
      void client.invalidateQueries({ queryKey: adminKeys.sessions });
      setConfirm(null);
    },
    onError: (error) => {
      errorToast('Failed to update session', error);
      setConfirm(null);
    },
  });

  return (
    <div className="grid [&>*]:min-w-0 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Sessions appear in the chosen students' Sessions tab and their “Next 7 days” count.
        </p>
        <Button
          onClick={() => {
            setEditing(undefined);
            setOpen(true);
          }}
        >
          <CalendarPlus /> Schedule Session
        </Button>
      </div>
      {isLoading ? (
        <Skeleton className="h-32" />
      ) : !sessions?.length ? (
        <EmptyState icon={CalendarDays} title="No sessions scheduled">
          Schedule a live session and choose who attends.
        </EmptyState>
      ) : (
        <ul className="grid [&>*]:min-w-0 gap-3 lg:grid-cols-2">
          {sessions.map((s) => {
            const past = new Date(s.endTime) < new Date();
            return (
              <li
                key={s.id}
                className={`flex flex-col rounded-xl border border-border bg-card p-4 shadow-card ${s.status === 'cancelled' || past ? 'opacity-75' : ''}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={s.sessionType === 'online' ? 'secondary' : 'accent'}>
                    {s.sessionType === 'online' ? 'Online' : 'In person'}
                  </Badge>
                  {s.status === 'cancelled' ? (
                    <Badge variant="destructive">Cancelled</Badge>
                  ) : past ? (
                    <Badge variant="outline">Finished</Badge>
                  ) : (
                    <Badge variant="success">Scheduled</Badge>
                  )}
                </div>
                <h3 className="mt-2 font-semibold text-navy-900">{s.title}</h3>
                {s.description ? (
                  <p className="line-clamp-2 text-sm text-muted-foreground">{s.description}</p>
                ) : null}
                <SessionFacts session={s} peopleLabel="Attendees">
                  <dd className="truncate">
                    {[
                      ...(s.courseId ? ['Everyone on the course'] : []),
                      ...s.attendees.map(studentLabel),
                    ].join(', ') || 'No attendees yet'}
                  </dd>
                </SessionFacts>
                <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      setEditing(s);
                      setOpen(true);
                    }}
                  >
                    <Pencil /> Edit
                  </Button>
                  {s.status !== 'cancelled' ? (
                    <Button variant="outline" size="sm" onClick={() => setRegisterFor(s.id)}>
                      <ClipboardCheck /> Register
                    </Button>
                  ) : null}
                  <Button variant="outline" size="sm" asChild>
                    <a href={`/api/sessions/${s.id}/ics`} download>
                      <Download /> .ics
                    </a>
                  </Button>
                  {s.status === 'cancelled' ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => act.mutate({ kind: 'restore', id: s.id })}
                    >
                      <RotateCcw /> Restore
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setConfirm({ kind: 'cancel', session: s })}
                    >
                      <Ban /> Cancel
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setConfirm({ kind: 'delete', session: s })}
                  >
                    <Trash2 /> Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <SessionDialog open={open} onOpenChange={setOpen} session={editing} />
      <RegisterDialog sessionId={registerFor} onClose={() => setRegisterFor(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={
          confirm?.kind === 'delete'
            ? `Are you sure you want to delete the session "${confirm.session.title}"?`
            : `Cancel "${confirm?.session.title}"?`
        }
        description={
          confirm?.kind === 'delete'
            ? 'This action cannot be undone.'
            : 'Attendees see it marked as cancelled. You can restore it later.'
        }
        confirmLabel={confirm?.kind === 'delete' ? 'Delete' : 'Cancel session'}
        cancelLabel="Keep"
        busy={act.isPending}
        onConfirm={() => confirm && act.mutate({ kind: confirm.kind, id: confirm.session.id })}
      />
    </div>
  );
}

function SessionDialog({
  open,
  onOpenChange,
  session,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  session?: AdminLiveSession;
}) {
  const { data: courses = [] } = useCourses();
  const client = useQueryClient();
  const { form, errors, submit } = useSchemaForm<SessionValues, typeof liveSessionInputSchema>({
    schema: liveSessionInputSchema,
    defaultValues: sessionValues(session),
    idFor: (path) => sessionId(path.split('.')),
    toBody: ({ start, end, attendees, courseId, ...rest }) => ({
      ...rest,
      startTime: fromLocalInput(start),
      endTime: fromLocalInput(end),
      courseId: courseId || null,
      attendeeIds: attendees.map((a) => a.id),
    }),
  });
  const { register, reset, setValue, watch } = form;
  const sessionType = watch('sessionType');
  useEffect(() => {
    if (open) reset(sessionValues(session));
  }, [open, session, reset]);

  const save = useMutation({
    mutationFn: (body: unknown) => adminApi.saveSession(session?.id, body),
    onSuccess: () => {
      successToast(session ? 'Session updated successfully' : 'Session scheduled successfully');
      void client.invalidateQueries({ queryKey: adminKeys.sessions });
      onOpenChange(false);
    },
    onError: (error) => errorToast(session ? 'Failed to update session' : 'Failed to create session', error),
  });

  const onSubmit = submit((body) => save.mutate(body), validationToast);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{session ? 'Edit Session' : 'Schedule Session'}</DialogTitle>
          <DialogDescription>Times are in your local time zone.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4 [&>*]:min-w-0">
          <FieldErrorsContext value={errors}>
            <Field label="Title *" htmlFor="ls-title">
              <Input id="ls-title" {...register('title')} />
            </Field>
            <Field label="Description" htmlFor="ls-description">
              <Textarea id="ls-description" rows={2} {...register('description')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
              <Field label="Start *" htmlFor="ls-start">
                <Input id="ls-start" type="datetime-local" {...register('start')} />
              </Field>
              <Field label="End *" htmlFor="ls-end">
                <Input id="ls-end" type="datetime-local" {...register('end')} />
              </Field>
              <Field label="Format" htmlFor="ls-type">
                <Select id="ls-type" {...register('sessionType')}>
                  <option value="online">Online</option>
                  <option value="in_person">In person</option>
                </Select>
              </Field>
              <Field label="Course (everyone enrolled is invited)" htmlFor="ls-course">
                <Select id="ls-course" {...register('courseId')}>
                  <option value="">No course: only the students below</option>
                  {courses.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <Field label={sessionType === 'online' ? 'Meeting link' : 'Location'} htmlFor="ls-location">
              <Input
                id="ls-location"
                placeholder={sessionType === 'online' ? 'https://…' : 'Address'}
                {...register('location')}
              />
            </Field>
            <fieldset className="grid gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">Also invite (enrolled students)</legend>
              <StudentPicker
                idPrefix="ls"
                selected={watch('attendees')}
                onChange={(picked) => setValue('attendees', picked)}
                enrolledOnly
              />
            </fieldset>
            <FormFooter onCancel={() => onOpenChange(false)} busy={save.isPending}>
              {session ? 'Save Session' : 'Schedule Session'}
            </FormFooter>
          </FieldErrorsContext>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What the dialog's inputs show: local date-times, the picked students. */
interface SessionValues {
  title: string;
  description: string;
  start: string;
  end: string;
  sessionType: 'online' | 'in_person';
  location: string;
  courseId: string;
  attendees: PickedStudent[];
}

function sessionValues(session?: AdminLiveSession): SessionValues {
  return {
    title: session?.title ?? '',
    description: session?.description ?? '',
    start: toLocalInput(session?.startTime),
    end: toLocalInput(session?.endTime),
    sessionType: session?.sessionType ?? 'online',
    location: session?.location ?? '',
    courseId: session?.courseId ?? '',
    attendees: session?.attendees ?? [],
  };
}

const sessionId = idByKey('ls', {
  startTime: 'ls-start',
  endTime: 'ls-end',
  sessionType: 'ls-type',
  courseId: 'ls-course',
});
