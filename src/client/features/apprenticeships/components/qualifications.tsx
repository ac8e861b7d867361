import { zodResolver } from '@hookform/resolvers/zod';
import { Award, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { formatDate, ukIsoDate } from '#shared/format.ts';
import {
  type Gateway,
  type QualificationInput,
  qualificationInputSchema,
} from '#shared/schemas/standards.ts';
import { errorToast } from '../api/apprenticeships.ts';
import { useDeleteQualification, useSaveQualification } from '../api/standards.ts';
import { FormGrid, fieldProps } from './form-grid.tsx';

// The apprentice's mandatory qualifications, which gateway readiness checks (docs/apprenticeships.md "Gateway
// readiness"): the tutor records each with the date achieved and its certificate.

type Qualification = Gateway['qualifications'][number];
const CERTIFICATE_TYPES = ['image', 'document'] as const;

export function QualificationsCard({
  studentId,
  qualifications,
}: {
  studentId: string;
  qualifications: readonly Qualification[];
}) {
  const [editing, setEditing] = useState<Qualification | 'new' | null>(null);
  const [removing, setRemoving] = useState<Qualification | null>(null);
  const remove = useDeleteQualification();
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-navy-900">Mandatory qualifications</h3>
        <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" /> Add a qualification
        </Button>
      </div>
      <p className="mb-3 text-sm text-muted-foreground">
        Gateway needs each one achieved, with its certificate as evidence.
      </p>
      {qualifications.length === 0 ? (
        <p className="text-sm text-muted-foreground">None on the plan.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {qualifications.map((q) => {
            const done = Boolean(q.achievedOn && q.hasEvidence);
            return (
              <li key={q.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
                <Award aria-hidden="true" className="hidden size-5 shrink-0 text-navy-700 sm:block" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-navy-900">{q.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {q.achievedOn ? `Achieved ${formatDate(q.achievedOn)}` : 'Date achieved not recorded'} ·{' '}
                    {q.hasEvidence ? 'certificate uploaded' : 'no certificate'}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${done ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
                  >
                    {done ? 'Evidenced' : 'Evidence missing'}
                  </span>
                  <Button size="sm" variant="outline" onClick={() => setEditing(q)}>
                    <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {q.title}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setRemoving(q)}
                  >
                    <Trash2 aria-hidden="true" /> Remove<span className="sr-only"> {q.title}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Add a qualification' : 'Edit qualification'}</DialogTitle>
            <DialogDescription>
              The date achieved and the certificate are what gateway readiness checks.
            </DialogDescription>
          </DialogHeader>
          {editing ? (
            <QualificationForm
              studentId={studentId}
              existing={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.title ?? 'the qualification'}?`}
        description="It leaves the plan, with its certificate. Only remove one recorded by mistake."
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { studentId, id: removing!.id },
            {
              onSuccess: () => setRemoving(null),
              onError: (e) => errorToast('Could not remove the qualification', e),
            },
          )
        }
      />
    </Card>
  );
}

function QualificationForm({
  studentId,
  existing,
  onDone,
}: {
  studentId: string;
  existing: Qualification | null;
  onDone: () => void;
}) {
  const save = useSaveQualification();
  // undefined keeps the certificate on file, null removes it, a path is a new upload.
  const [certificate, setCertificate] = useState<string | null | undefined>(undefined);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QualificationInput>({
    resolver: zodResolver(qualificationInputSchema),
    defaultValues: { title: existing?.title ?? '', achievedOn: existing?.achievedOn ?? null },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        studentId,
        id: existing?.id,
        body: { ...values, ...(certificate === undefined ? {} : { evidencePath: certificate }) },
      });
      onDone();
    } catch (error) {
      setError('root', { message: getErrorMessage(error, 'Could not save the qualification') });
    }
  });
  const onFile = certificate ? true : certificate === null ? false : Boolean(existing?.hasEvidence);

  return (
    <FormGrid label="Record a qualification" onSubmit={onSubmit} rootError={errors.root?.message}>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="qualification-title">Qualification</Label>
        <Input
          placeholder="e.g. Level 2 functional skills maths"
          {...fieldProps('qualification-title', errors.title)}
          {...register('title')}
        />
        <FieldError id="qualification-title-error">{errors.title?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="qualification-achievedOn">Date achieved (optional)</Label>
        <Input
          type="date"
          max={ukIsoDate()}
          {...fieldProps('qualification-achievedOn', errors.achievedOn)}
          {...register('achievedOn', { setValueAs: (v: unknown) => (v ? v : null) })}
        />
        <FieldError id="qualification-achievedOn-error">{errors.achievedOn?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <ObjectUploader
          fileType={CERTIFICATE_TYPES}
          label="Certificate: a photo or PDF (optional)"
          buttonLabel={onFile ? 'Replace certificate' : 'Add the certificate'}
          onUploaded={(path) => setCertificate(path)}
        />
        {onFile ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-green-800">
              {certificate ? 'Certificate attached.' : 'Certificate on file.'}
            </p>
            <Button type="button" size="sm" variant="link" onClick={() => setCertificate(null)}>
              Remove certificate
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save qualification'}
        </Button>
      </div>
    </FormGrid>
  );
}
