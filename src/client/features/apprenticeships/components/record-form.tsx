import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useAuth } from '#client/lib/auth.ts';
import { formatDate } from '#shared/format.ts';
import {
  type Apprenticeship,
  type ApprenticeshipInput,
  apprenticeshipInputSchema,
  OTJ_MINIMUM_HOURS,
} from '#shared/schemas/apprenticeships.ts';
import { useSaveRecord, useTutors } from '../api/apprenticeships.ts';
import { useStandards } from '../api/standards.ts';
import { FormGrid, fieldProps, numberOrNull, textOrNull } from './form-grid.tsx';
import { IlrFields } from './ilr-fields.tsx';

type Values = ApprenticeshipInput;

/** The admin's apprenticeship record for one student, with the employer contact who signs reviews. */
export function RecordForm({ studentId, record }: { studentId: string; record: Apprenticeship | null }) {
  const save = useSaveRecord();
  // Admins set the record and assign the tutor; a tutor reads it (docs/staff.md).
  const { isAdmin } = useAuth();
  const tutors = useTutors(isAdmin);
  const standards = useStandards();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(apprenticeshipInputSchema),
    defaultValues: {
      standardId: record?.standardRef?.id ?? null,
      standard: record?.standardRef ? null : (record?.standard ?? ''),
      priorLearningReductionHours: record?.priorLearningReductionHours ?? 0,
      priorLearningReason: record?.priorLearningReason ?? '',
      uln: record?.uln ?? null,
      dateOfBirth: record?.dateOfBirth ?? null,
      sex: record?.sex ?? null,
      ethnicity: record?.ethnicity ?? null,
      llddHealthProblem: (record?.llddHealthProblem as 1 | 2 | 9 | null) ?? null,
      postcode: record?.postcode ?? null,
      postcodePrior: record?.postcodePrior ?? null,
      deliveryPostcode: record?.deliveryPostcode ?? null,
      actualEndDate: record?.actualEndDate ?? null,
      endReason: record?.endReason ?? null,
      level: record?.level ?? null,
      startDate: record?.startDate ?? '',
      endDate: record?.endDate ?? '',
      weeklyContractedHours: record?.weeklyContractedHours ?? 37.5,
      plannedOtjHours: record?.plannedOtjHours ?? null,
      standardMinimumHours: record?.standardMinimumHours ?? null,
      tutorUserId: record?.tutor?.id ?? null,
      employerContact: record?.employerContact
        ? { email: record.employerContact.email, firstName: '', lastName: '' }
        : { email: '', firstName: '', lastName: '' },
    },
  });

  const standardId = watch('standardId');
  const chosen = standards.data?.find((st) => st.id === standardId);
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ studentId, body: values });
    } catch (error) {
      setError('root', { message: getErrorMessage(error, 'Could not save the record') });
    }
  });

  const field = (name: string, error?: { message?: string }) => fieldProps(`record-${name}`, error);

  const contactErrors = errors.employerContact;

  return (
    <FormGrid label="Apprenticeship record" onSubmit={onSubmit} rootError={errors.root?.message}>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="record-standardId">Standard and version</Label>
        <Select
          {...field('standardId', errors.standardId)}
          {...register('standardId', { setValueAs: textOrNull })}
        >
          <option value="">None imported: enter the standard below</option>
          {(standards.data ?? []).map((st) => (
            <option key={st.id} value={st.id}>
              {st.referenceNumber} v{st.version}: {st.title}
            </option>
          ))}
        </Select>
        {chosen ? (
          <p className="text-xs text-muted-foreground">
            Level {chosen.level} · {chosen.ksbs.length} KSBs · minimum{' '}
            {chosen.minimumOtjHours ?? `${OTJ_MINIMUM_HOURS} (not set yet)`} off-the-job hours
          </p>
        ) : null}
        <FieldError id="record-standardId-error">{errors.standardId?.message}</FieldError>
      </div>
      {standardId ? null : (
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor="record-standard">Apprenticeship standard (not imported)</Label>
          <Input
            placeholder="e.g. Plumbing and Domestic Heating Technician"
            {...field('standard', errors.standard)}
            {...register('standard', { setValueAs: textOrNull })}
          />
          <FieldError id="record-standard-error">{errors.standard?.message}</FieldError>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-level">Level</Label>
        <Input
          type="number"
          min={2}
          max={7}
          {...field('level', errors.level)}
          {...register('level', { setValueAs: numberOrNull })}
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
          placeholder="The minimum less prior learning"
          {...field('plannedOtjHours', errors.plannedOtjHours)}
          {...register('plannedOtjHours', { setValueAs: numberOrNull })}
        />
        <FieldError id="record-plannedOtjHours-error">{errors.plannedOtjHours?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-standardMinimumHours">Standard’s minimum (optional)</Label>
        <Input
          type="number"
          placeholder={String(OTJ_MINIMUM_HOURS)}
          {...field('standardMinimumHours', errors.standardMinimumHours)}
          {...register('standardMinimumHours', { setValueAs: numberOrNull })}
        />
        <FieldError id="record-standardMinimumHours-error">{errors.standardMinimumHours?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="record-tutor">Tutor (their caseload)</Label>
        {isAdmin ? (
          <Select id="record-tutor" {...register('tutorUserId', { setValueAs: (v) => v || null })}>
            <option value="">No tutor</option>
            {record?.tutor && !tutors.data?.some((t) => t.userId === record.tutor?.id) ? (
              <option value={record.tutor.id}>{record.tutor.name}</option>
            ) : null}
            {tutors.data?.map((t) => (
              <option key={t.userId} value={t.userId}>
                {[t.firstName, t.lastName].filter(Boolean).join(' ') || t.email}
              </option>
            ))}
          </Select>
        ) : (
          <p id="record-tutor" className="text-sm">
            {record?.tutor ? `${record.tutor.name} (${record.tutor.email})` : 'No tutor'}
          </p>
        )}
        <FieldError id="record-tutorUserId-error">{errors.tutorUserId?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-priorLearningReductionHours">Prior learning (hours off the minimum)</Label>
        <Input
          type="number"
          min={0}
          {...field('priorLearningReductionHours', errors.priorLearningReductionHours)}
          {...register('priorLearningReductionHours', { setValueAs: numberOrNull })}
        />
        <FieldError id="record-priorLearningReductionHours-error">
          {errors.priorLearningReductionHours?.message}
        </FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-priorLearningReason">Reason for the reduction</Label>
        <Input
          {...field('priorLearningReason', errors.priorLearningReason)}
          {...register('priorLearningReason', { setValueAs: textOrNull })}
        />
        <FieldError id="record-priorLearningReason-error">{errors.priorLearningReason?.message}</FieldError>
      </div>
      <IlrFields register={register} errors={errors} />
      <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-navy-900">Employer contact (signs reviews)</legend>
        <p className="text-xs text-muted-foreground sm:col-span-3">
          An existing account is linked by email; a new email gets an account with a temporary password by
          email.
        </p>
        <div className="flex flex-col gap-2">
          <Label htmlFor="record-contact-email">Email (empty: none)</Label>
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
      {isAdmin ? (
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save record'}
          </Button>
        </div>
      ) : null}
    </FormGrid>
  );
}
