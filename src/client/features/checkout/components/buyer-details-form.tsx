import { ArrowRight } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/lib/toast.ts';
import type { CourseType } from '#shared/constants.ts';
import { type StudentData, studentDataSchemaFor } from '#shared/schemas/checkout.ts';

export type BuyerDetails = Record<keyof StudentData, string>;

export const EMPTY_DETAILS: BuyerDetails = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  company: '',
  jobTitle: '',
  experienceLevel: '',
};

const FIELDS: {
  name: Exclude<keyof StudentData, 'experienceLevel'>;
  label: string;
  type?: string;
  autoComplete: string;
}[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'company', label: 'Company', autoComplete: 'organization' },
  { name: 'jobTitle', label: 'Job title', autoComplete: 'organization-title' },
];

/**
 * Step 1 (docs/product.md#checkout): the shared schema decides, so the browser and the server agree. Any problem shows the
 * 'Missing Information' toast and marks the fields.
 */
export function BuyerDetailsForm({
  courseType,
  initial,
  busy,
  onSubmit,
}: {
  courseType: CourseType;
  initial: BuyerDetails;
  busy: boolean;
  onSubmit: (details: StudentData, raw: BuyerDetails) => void;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof StudentData, string>>>({});
  const upskill = courseType === 'upskill';

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = studentDataSchemaFor(courseType).safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<keyof StudentData, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof StudentData;
        found[field] ??= issue.message;
      }
      setErrors(found);
      toast({
        title: 'Missing Information',
        description: parsed.error.issues[0]!.message,
        variant: 'destructive',
      });
      return;
    }
    setErrors({});
    onSubmit(parsed.data, values);
  }

  const set = (name: keyof StudentData, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Your details">
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const required = upskill || (field.name !== 'company' && field.name !== 'jobTitle');
          const inputId = `${id}-${field.name}`;
          return (
            <div key={field.name} className="grid content-start gap-2">
              <Label htmlFor={inputId}>
                {field.label}
                {required ? (
                  <span className="text-destructive"> *</span>
                ) : (
                  <span className="font-normal text-muted-foreground"> (optional)</span>
                )}
              </Label>
              <Input
                id={inputId}
                name={field.name}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                onChange={(e) => set(field.name, e.target.value)}
                aria-required={required}
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errors[field.name] ? `${inputId}-error` : undefined}
              />
              <FieldError id={`${inputId}-error`}>{errors[field.name]}</FieldError>
            </div>
          );
        })}
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor={`${id}-experienceLevel`}>
            Experience level<span className="text-destructive"> *</span>
          </Label>
          <Select
            id={`${id}-experienceLevel`}
            name="experienceLevel"
            value={values.experienceLevel}
            onChange={(e) => set('experienceLevel', e.target.value)}
            aria-required
            aria-invalid={errors.experienceLevel ? true : undefined}
            aria-describedby={errors.experienceLevel ? `${id}-experienceLevel-error` : undefined}
          >
            <option value="">Select your experience level</option>
            <option value="beginner">Beginner: new to the trade</option>
            <option value="intermediate">Intermediate: some site experience</option>
            <option value="advanced">Advanced: experienced professional</option>
          </Select>
          <FieldError id={`${id}-experienceLevel-error`}>{errors.experienceLevel}</FieldError>
        </div>
      </div>
      <Button
        type="submit"
        size="lg"
        variant="accent"
        disabled={busy}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        {busy ? <Spinner label="Preparing payment..." className="size-4 text-navy-950" /> : null}
        Continue to Payment
        {busy ? null : <ArrowRight aria-hidden="true" />}
      </Button>
    </form>
  );
}
