import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { FieldErrorsContext, idByKey, useFieldErrors } from '#client/components/forms/field-errors.ts';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { hhmmToMinutes, minutesToHhmm } from '#shared/format.ts';
import {
  type AdminModule,
  type AdminTopic,
  moduleInputSchema,
  topicInputSchema,
} from '#shared/schemas/admin-content.ts';
import {
  adminApi,
  adminKeys,
  errorToast,
  refreshContent,
  successToast,
  validationToast,
} from '../api/admin-api.ts';
import { Field, FormFooter } from './empty-state.tsx';

interface Props<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  parentId: string;
  existing?: T;
  nextOrder: number;
  onSaved?: (saved: T) => void;
}

/** Add / edit module: duration typed as HH:MM, turned into minutes when the field loses focus (docs/product.md#validation). */
export function ModuleDialog({
  open,
  onOpenChange,
  parentId: courseId,
  existing,
  nextOrder,
  onSaved,
}: Props<AdminModule>) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [order, setOrder] = useState('0');
  const [hhmm, setHhmm] = useState('00:00');
  const [minutes, setMinutes] = useState(0);
  const client = useQueryClient();
  const fields = useFieldErrors();
  useEffect(() => {
    if (!open) return;
    fields.clear();
    setTitle(existing?.title ?? '');
    setDescription(existing?.description ?? '');
    setOrder(String(existing?.order ?? nextOrder));
    setMinutes(existing?.duration ?? 0);
    setHhmm(minutesToHhmm(existing?.duration ?? 0));
  }, [open, existing, nextOrder, fields.clear]);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      adminApi.saveModule(existing ? { moduleId: existing.id } : { courseId }, body),
    onSuccess: (saved) => {
      onSaved?.(saved);
      successToast(existing ? 'Module updated successfully' : 'Module created successfully');
      void client.invalidateQueries({ queryKey: adminKeys.modules(courseId) });
      refreshContent(client);
      onOpenChange(false);
    },
    onError: (error) => errorToast(existing ? 'Failed to update module' : 'Failed to create module', error),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const duration = hhmmToMinutes(hhmm);
    const body = { title, description, order, duration, courseId };
    const parsed = moduleInputSchema.safeParse(body);
    if (!parsed.success) {
      fields.report(parsed.error.issues, idByKey('m'));
      return validationToast(parsed.error.issues[0]?.message ?? 'Failed to create module');
    }
    fields.clear();
    save.mutate(body);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{existing ? 'Edit Module' : 'Add Module'}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FieldErrorsContext value={fields.errors}>
            <Field label="Title *" htmlFor="m-title">
              <Input id="m-title" value={title} onChange={(e) => setTitle(e.target.value)} />
            </Field>
            <Field label="Description *" htmlFor="m-description">
              <Textarea
                id="m-description"
                rows={3}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field label="Duration (HH:MM)" htmlFor="m-duration" hint={`${minutes} minutes`}>
                <Input
                  id="m-duration"
                  inputMode="numeric"
                  placeholder="00:00"
                  value={hhmm}
                  onChange={(e) => setHhmm(e.target.value)}
                  onBlur={() => {
                    const m = hhmmToMinutes(hhmm);
                    setMinutes(m);
                    setHhmm(minutesToHhmm(m));
                  }}
                />
              </Field>
              <Field label="Order" htmlFor="m-order">
                <Input
                  id="m-order"
                  type="number"
                  min={0}
                  value={order}
                  onChange={(e) => setOrder(e.target.value)}
                />
              </Field>
            </div>
            <FormFooter onCancel={() => onOpenChange(false)} busy={save.isPending}>
              {existing ? 'Save Module' : 'Add Module'}
            </FormFooter>
          </FieldErrorsContext>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function TopicDialog({
  open,
  onOpenChange,
  parentId: moduleId,
  existing,
  nextOrder,
}: Props<AdminTopic>) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [order, setOrder] = useState('0');
  const client = useQueryClient();
  const fields = useFieldErrors();
  useEffect(() => {
    if (!open) return;
    fields.clear();
    setTitle(existing?.title ?? '');
    setDescription(existing?.description ?? '');
    setOrder(String(existing?.order ?? nextOrder));
  }, [open, existing, nextOrder, fields.clear]);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      adminApi.saveTopic(existing ? { topicId: existing.id } : { moduleId }, body),
    onSuccess: () => {
      successToast(existing ? 'Topic updated successfully' : 'Topic created successfully');
      void client.invalidateQueries({ queryKey: adminKeys.topics(moduleId) });
      refreshContent(client);
      onOpenChange(false);
    },
    onError: (error) => errorToast(existing ? 'Failed to update topic' : 'Failed to create topic', error),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { title, description, order, moduleId };
    const parsed = topicInputSchema.safeParse(body);
    if (!parsed.success) {
      fields.report(parsed.error.issues, idByKey('t'));
      return validationToast(parsed.error.issues[0]?.message ?? 'Failed to create topic');
    }
    fields.clear();
    save.mutate(body);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{existing ? 'Edit Topic' : 'Add Topic'}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FieldErrorsContext value={fields.errors}>
            <Field label="Title *" htmlFor="t-title">
              <Input id="t-title" value={title} onChange={(e) => setTitle(e.target.value)} />
            </Field>
            <Field label="Description *" htmlFor="t-description">
              <Textarea
                id="t-description"
                rows={3}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </Field>
            <Field label="Order" htmlFor="t-order">
              <Input
                id="t-order"
                type="number"
                min={0}
                value={order}
                onChange={(e) => setOrder(e.target.value)}
              />
            </Field>
            <FormFooter onCancel={() => onOpenChange(false)} busy={save.isPending}>
              {existing ? 'Save Topic' : 'Add Topic'}
            </FormFooter>
          </FieldErrorsContext>
        </form>
      </DialogContent>
    </Dialog>
  );
}
