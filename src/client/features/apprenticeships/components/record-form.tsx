import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { formatDate } from '#shared/format.ts';
import {
  type Apprenticeship,
  type ApprenticeshipInput,
  apprenticeshipInputSchema,
  OTJ_MINIMUM_HOURS,
} from '#shared/schemas/apprenticeships.ts';
import { useSaveRecord } from '../api/apprenticeships.ts';
import { FormGrid, fieldProps } from './form-grid.tsx';

type Values = ApprenticeshipInput;
const blankToNull = (v: unknown) => (v === '' || Number.isNaN(v) ? null : v);

/** The admin's apprenticeship record for one student, with the employer contact who signs reviews. */
export function RecordForm({ studentId, record }: { studentId: string; record: Apprenticeship | null }) {
  const save = useSaveRecord();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(apprenticeshipInputSchema),
    defaultValues: {
      standard: record?.standard ?? '',
      level: record?.level ?? null,
      startDate: record?.startDate ?? '',
      endDate: record?.endDate ?? '',
      weeklyContractedHours: record?.weeklyContractedHours ?? 37.5,
      plannedOtjHours: record?.plannedOtjHours ?? OTJ_MINIMUM_HOURS,
      standardMinimumHours: record?.standardMinimumHours ?? null,
      employerContact: record?.employerContact
        ? { email: record.employerContact.email, firstName: '', lastName: '' }
        : { email: '', firstName: '', lastName: '' },
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const contact = values.employerContact?.email ? values.employerContact : null;
    try {
      await save.mutateAsync({ studentId, body: { ...values, employerContact: contact } });
    } catch (error) {
      setError('root', { message: getErrorMessage(error, 'Could not save the record') });
    }
  });

  const field = (name: string, error?: { message?: string }) => fieldProps(`record-${name}`, error);

  const contactErrors = errors.employerContact;

  return (
    <FormGrid label="Apprenticeship record" onSubmit={onSubmit} rootError={errors.root?.message}>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="record-standard">Apprenticeship standard</Label>
        <Input
          placeholder="e.g. Plumbing and Domestic Heating Technician"
          {...field('standard', errors.standard)}
          {...register('standard')}
        />
        <FieldError id="record-standard-error">{errors.standard?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-level">Level</Label>
        <Input
          type="number"
          min={2}
          max={7}
          {...field('level', errors.level)}
          {...register('level', { setValueAs: (v) => blankToNull(v === '' ? '' : Number(v)) })}
        />
        <FieldError id="record-level-error">{errors.level?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-weeklyContractedHours">Weekly contracted hours</Label>
        <Input
          type="number"
          step={0.5}
          {...field('weeklyContractedHours', errors.weeklyContractedHours)}
          {...register('weeklyContractedHours', { valueAsNumber: true })}
        />
        <FieldError id="record-weeklyContractedHours-error">
          {errors.weeklyContractedHours?.message}
        </FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-startDate">Start date</Label>
        <Input type="date" {...field('startDate', errors.startDate)} {...register('startDate')} />
        <FieldError id="record-startDate-error">{errors.startDate?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-endDate">Planned end date</Label>
        <Input type="date" {...field('endDate', errors.endDate)} {...register('endDate')} />
        <FieldError id="record-endDate-error">{errors.endDate?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-plannedOtjHours">Planned off-the-job hours</Label>
        <Input
          type="number"
          min={OTJ_MINIMUM_HOURS}
          {...field('plannedOtjHours', errors.plannedOtjHours)}
          {...register('plannedOtjHours', { valueAsNumber: true })}
        />
        <FieldError id="record-plannedOtjHours-error">{errors.plannedOtjHours?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-standardMinimumHours">Standard’s minimum (optional)</Label>
        <Input
          type="number"
          placeholder={String(OTJ_MINIMUM_HOURS)}
          {...field('standardMinimumHours', errors.standardMinimumHours)}
          {...register('standardMinimumHours', { setValueAs: (v) => blankToNull(v === '' ? '' : Number(v)) })}
        />
        <FieldError id="record-standardMinimumHours-error">{errors.standardMinimumHours?.message}</FieldError>
      </div>
      <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-navy-900">Employer contact (signs reviews)</legend>
        <p className="text-xs text-muted-foreground sm:col-span-3">
          An existing account is linked by email; a new email gets an account with a temporary password by
          email.
        </p>
        <div className="flex flex-col gap-2">
          <Label htmlFor="record-contact-email">Email</Label>
          <Input
            type="email"
            {...field('contact-email', contactErrors?.email)}
            {...register('employerContact.email')}
          />
          <FieldError id="record-contact-email-error">{contactErrors?.email?.message}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="record-contact-first">First name</Label>
          <Input id="record-contact-first" {...register('employerContact.firstName')} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="record-contact-last">Last name</Label>
          <Input id="record-contact-last" {...register('employerContact.lastName')} />
        </div>
        {record?.formerEmployerContacts?.length ? (
          <div className="text-xs text-muted-foreground sm:col-span-3">
            <p className="font-semibold text-navy-900">Former contacts</p>
            <ul className="mt-1 flex flex-col gap-0.5">
              {record.formerEmployerContacts.map((c) => (
                <li key={`${c.email}-${c.endedAt}`}>
                  {c.name} ({c.email}):{' '}
                  {c.reason === 'adopted'
                    ? 'set from a team seat without the apprentice’s agreement, cleared'
                    : 'ended when their team seat was taken back'}{' '}
                  on {formatDate(c.endedAt)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </fieldset>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save record'}
        </Button>
      </div>
    </FormGrid>
  );
}
