import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { ukIsoDate } from '#shared/format.ts';
import {
  OTJ_ACTIVITIES,
  OTJ_ACTIVITY_LABELS,
  type OtjEntry,
  type OtjEntryInput,
  otjEntryInputSchema,
} from '#shared/schemas/apprenticeships.ts';
import { useAmendEntry, useLogEntry } from '../api/apprenticeships.ts';
import { useOwnGateway } from '../api/standards.ts';
import { evidenceKind } from './entry-list.tsx';
import { FormGrid, fieldProps } from './form-grid.tsx';
import { KsbPicker } from './ksb-picker.tsx';

/** Evidence is a photo of the work or a PDF (a signed sheet, a certificate): docs/apprenticeships.md. */
const EVIDENCE_FILE_TYPES = ['image', 'document'] as const;

type FormValues = OtjEntryInput;

/** Which field a refusal from the server belongs under (the rules about dates and the daily total). */
function fieldFor(message: string): 'date' | 'hours' | 'root' {
  if (/24 hours/.test(message)) return 'hours';
  if (/date|apprenticeship/i.test(message)) return 'date';
  return 'root';
}

/** Log an entry, or amend a rejected one (`entry`), with the rules of the shared schema under each field. */
export function EntryForm({ entry, onDone }: { entry?: OtjEntry; onDone?: () => void }) {
  const log = useLogEntry();
  const amend = useAmendEntry();
  const idPrefix = entry ? `amend-${entry.id.slice(0, 8)}` : 'log';
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(otjEntryInputSchema),
    defaultValues: entry
      ? {
          date: entry.date,
          hours: entry.hours,
          activity: entry.activity,
          description: entry.description,
          inPaidHours: false,
          evidencePath: entry.evidencePath,
          ksbIds: entry.ksbs.filter((k) => k.status !== 'rejected').map((k) => k.id),
        }
      : {
          date: ukIsoDate(),
          hours: undefined,
          activity: undefined,
          description: '',
          inPaidHours: false,
          evidencePath: null,
          ksbIds: [],
        },
  });
  const evidencePath = watch('evidencePath');
  const gateway = useOwnGateway();

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (entry) await amend.mutateAsync({ id: entry.id, body: values });
      else await log.mutateAsync(values);
      reset();
      onDone?.();
    } catch (error) {
      const message = getErrorMessage(error, 'Could not save the entry');
      setError(fieldFor(message), { message });
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  const aria = (name: keyof FormValues) => fieldProps(id(name), errors[name]);

  return (
    <FormGrid
      label={entry ? 'Amend entry' : 'Log learning'}
      onSubmit={onSubmit}
      rootError={errors.root?.message}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={id('date')}>Date</Label>
        <Input type="date" max={ukIsoDate()} {...aria('date')} {...register('date')} />
        <FieldError id={id('date-error')}>{errors.date?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={id('hours')}>Hours</Label>
        <Input
          type="number"
          inputMode="decimal"
          step={0.25}
          min={0.25}
          max={24}
          placeholder="e.g. 1.5"
          {...aria('hours')}
          {...register('hours', { valueAsNumber: true })}
        />
        <FieldError id={id('hours-error')}>{errors.hours?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor={id('activity')}>Activity</Label>
        <Select {...aria('activity')} {...register('activity')} defaultValue={entry?.activity ?? ''}>
          <option value="" disabled>
            Choose an activity
          </option>
          {OTJ_ACTIVITIES.map((a) => (
            <option key={a} value={a}>
              {OTJ_ACTIVITY_LABELS[a]}
            </option>
          ))}
        </Select>
        <FieldError id={id('activity-error')}>{errors.activity?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor={id('description')}>What did you learn?</Label>
        <Textarea
          rows={3}
          placeholder="New knowledge, skills or behaviours, e.g. 'Sized and fitted a thermostatic radiator valve with my mentor'"
          {...aria('description')}
          {...register('description')}
        />
        <FieldError id={id('description-error')}>{errors.description?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <ObjectUploader
          fileType={EVIDENCE_FILE_TYPES}
          label="Evidence: a photo or PDF (optional)"
          buttonLabel={evidencePath ? 'Replace file' : 'Add a photo or PDF'}
          onUploaded={(path) => setValue('evidencePath', path)}
        />
        {evidencePath ? (
          <p className="text-sm text-green-800">
            {evidenceKind(evidencePath) === 'PDF' ? 'PDF attached.' : 'Photo attached.'}
          </p>
        ) : null}
      </div>
      <Controller
        control={control}
        name="ksbIds"
        render={({ field }) => (
          <KsbPicker
            idPrefix={idPrefix}
            ksbs={gateway.data?.matrix ?? []}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name="inPaidHours"
            render={({ field }) => (
              <Checkbox
                id={id('inPaidHours')}
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                aria-invalid={errors.inPaidHours ? true : undefined}
                aria-describedby={errors.inPaidHours ? id('inPaidHours-error') : undefined}
              />
            )}
          />
          <Label htmlFor={id('inPaidHours')} className="leading-snug font-normal">
            This was during my paid working hours
          </Label>
        </div>
        <FieldError id={id('inPaidHours-error')}>{errors.inPaidHours?.message}</FieldError>
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        {onDone && entry ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : entry ? 'Send for approval again' : 'Log entry'}
        </Button>
      </div>
    </FormGrid>
  );
}
