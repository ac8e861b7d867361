import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FieldErrorsContext } from '#client/components/forms/field-errors.ts';
import { useSchemaForm } from '#client/components/forms/schema-form.ts';
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

/** What the inputs show; `duration` is the module's HH:MM text (topics have none). */
interface OutlineValues {
  title: string;
  description: string;
  order: string;
  duration: string;
}

const NOUN = { module: 'Module', topic: 'Topic' } as const;

/**
 * The add / edit dialog of a module or a topic: title, description, order and, for a module, its duration typed
 * as HH:MM and turned into minutes when the field loses focus (docs/product.md#validation).
 */
function OutlineDialog({
  kind,
  open,
  onOpenChange,
  parentId,
  existing,
  nextOrder,
  onSaved,
}: Props<AdminModule | AdminTopic> & { kind: 'module' | 'topic' }) {
  const noun = NOUN[kind];
  const prefix = kind === 'module' ? 'm' : 't';
  const client = useQueryClient();
  const { form, errors, submit } = useSchemaForm<
    OutlineValues,
    typeof moduleInputSchema | typeof topicInputSchema
  >({
    schema: kind === 'module' ? moduleInputSchema : topicInputSchema,
    defaultValues: { title: '', description: '', order: '0', duration: '00:00' },
    idFor: (key) => `${prefix}-${key}`,
    toBody: ({ title, description, order, duration }) =>
      kind === 'module'
        ? { title, description, order, duration: hhmmToMinutes(duration), courseId: parentId }
        : { title, description, order, moduleId: parentId },
  });
  const { register, reset, watch, setValue } = form;
  useEffect(() => {
    if (!open) return;
    const minutes = existing && 'duration' in existing ? (existing.duration ?? 0) : 0;
    reset({
      title: existing?.title ?? '',
      description: existing?.description ?? '',
      order: String(existing?.order ?? nextOrder),
      duration: minutesToHhmm(minutes),
    });
  }, [open, existing, nextOrder, reset]);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      kind === 'module'
        ? adminApi.saveModule(existing ? { moduleId: existing.id } : { courseId: parentId }, body)
        : adminApi.saveTopic(existing ? { topicId: existing.id } : { moduleId: parentId }, body),
    onSuccess: (saved) => {
      onSaved?.(saved as AdminModule & AdminTopic);
      successToast(existing ? `${noun} updated successfully` : `${noun} created successfully`);
      void client.invalidateQueries({
        queryKey: kind === 'module' ? adminKeys.modules(parentId) : adminKeys.topics(parentId),
      });
      refreshContent(client);
      onOpenChange(false);
    },
    onError: (error) => errorToast(existing ? `Failed to update ${kind}` : `Failed to create ${kind}`, error),
  });

  const onSubmit = submit(
    (body) => save.mutate(body),
    (message) => validationToast(message),
  );
  const duration = register('duration', {
    onBlur: (e) => setValue('duration', minutesToHhmm(hhmmToMinutes(e.target.value))),
  });
  const order = (
    <Field label="Order" htmlFor={`${prefix}-order`}>
      <Input id={`${prefix}-order`} type="number" min={0} {...register('order')} />
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{existing ? `Edit ${noun}` : `Add ${noun}`}</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FieldErrorsContext value={errors}>
            <Field label="Title *" htmlFor={`${prefix}-title`}>
              <Input id={`${prefix}-title`} {...register('title')} />
            </Field>
            <Field label="Description *" htmlFor={`${prefix}-description`}>
              <Textarea id={`${prefix}-description`} rows={3} {...register('description')} />
            </Field>
            {kind === 'module' ? (
              <div className="grid grid-cols-2 gap-4">
                <Field
                  label="Duration (HH:MM)"
                  htmlFor="m-duration"
                  hint={`${hhmmToMinutes(watch('duration'))} minutes`}
                >
                  <Input id="m-duration" inputMode="numeric" placeholder="00:00" {...duration} />
                </Field>
                {order}
              </div>
            ) : (
              order
            )}
            <FormFooter onCancel={() => onOpenChange(false)} busy={save.isPending}>
              {existing ? `Save ${noun}` : `Add ${noun}`}
            </FormFooter>
          </FieldErrorsContext>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export const ModuleDialog = (props: Props<AdminModule>) => (
  <OutlineDialog kind="module" {...(props as Props<AdminModule | AdminTopic>)} />
);

export const TopicDialog = (props: Props<AdminTopic>) => (
  <OutlineDialog kind="topic" {...(props as Props<AdminModule | AdminTopic>)} />
);
