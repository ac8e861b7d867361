import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import type { ApprenticeshipInput } from '#shared/schemas/apprenticeships.ts';
import { fieldProps, numberOrNull, textOrNull } from './form-grid.tsx';

/**
 * What the learner record (ILR 2025-26) needs, in its own codes (docs/apprenticeships.md "The ILR file"). Each is
 * optional here; the ILR export lists records that lack one.
 */
export function IlrFields({
  register,
  errors,
}: {
  register: UseFormRegister<ApprenticeshipInput>;
  errors: FieldErrors<ApprenticeshipInput>;
}) {
  const text = (
    name: 'uln' | 'postcode' | 'postcodePrior' | 'deliveryPostcode',
    label: string,
    hint?: string,
  ) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`record-${name}`}>{label}</Label>
      <Input
        placeholder={hint}
        {...fieldProps(`record-${name}`, errors[name])}
        {...register(name, { setValueAs: textOrNull })}
      />
      <FieldError id={`record-${name}-error`}>{errors[name]?.message}</FieldError>
    </div>
  );
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:col-span-2 sm:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-navy-900">Learner record (ILR)</legend>
      {text('uln', 'ULN', '10 digits')}
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-dateOfBirth">Date of birth</Label>
        <Input
          type="date"
          {...fieldProps('record-dateOfBirth', errors.dateOfBirth)}
          {...register('dateOfBirth', { setValueAs: textOrNull })}
        />
        <FieldError id="record-dateOfBirth-error">{errors.dateOfBirth?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-sex">Sex</Label>
        <Select {...fieldProps('record-sex', errors.sex)} {...register('sex', { setValueAs: textOrNull })}>
          <option value="">Not recorded</option>
          <option value="F">F (female)</option>
          <option value="M">M (male)</option>
        </Select>
        <FieldError id="record-sex-error">{errors.sex?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-ethnicity">Ethnicity (ILR code 31–98)</Label>
        <Input
          type="number"
          min={31}
          max={98}
          {...fieldProps('record-ethnicity', errors.ethnicity)}
          {...register('ethnicity', { setValueAs: numberOrNull })}
        />
        <FieldError id="record-ethnicity-error">{errors.ethnicity?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-llddHealthProblem">Learning difficulty or health problem</Label>
        <Select
          {...fieldProps('record-llddHealthProblem', errors.llddHealthProblem)}
          {...register('llddHealthProblem', { setValueAs: numberOrNull })}
        >
          <option value="">Not recorded</option>
          <option value="1">1: yes</option>
          <option value="2">2: no</option>
          <option value="9">9: not provided</option>
        </Select>
        <FieldError id="record-llddHealthProblem-error">{errors.llddHealthProblem?.message}</FieldError>
      </div>
      {text('postcode', 'Home postcode', 'e.g. M1 1AA')}
      {text('postcodePrior', 'Postcode before enrolment')}
      {text('deliveryPostcode', 'Delivery location postcode')}
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-actualEndDate">Actual end (completed or left)</Label>
        <Input
          type="date"
          {...fieldProps('record-actualEndDate', errors.actualEndDate)}
          {...register('actualEndDate', { setValueAs: textOrNull })}
        />
        <FieldError id="record-actualEndDate-error">{errors.actualEndDate?.message}</FieldError>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="record-endReason">How it ended</Label>
        <Select
          {...fieldProps('record-endReason', errors.endReason)}
          {...register('endReason', { setValueAs: textOrNull })}
        >
          <option value="">Still in learning</option>
          <option value="completed">Completed</option>
          <option value="withdrawn">Withdrawn</option>
        </Select>
        <FieldError id="record-endReason-error">{errors.endReason?.message}</FieldError>
      </div>
    </fieldset>
  );
}
