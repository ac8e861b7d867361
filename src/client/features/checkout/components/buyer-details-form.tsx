import { ArrowRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useSchemaForm } from '#client/components/forms/schema-form.ts';
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
  children,
}: {
  courseType: CourseType;
  initial: BuyerDetails;
  busy: boolean;
  onSubmit: (details: StudentData, raw: BuyerDetails) => void;
  /** Shown above the button (the consent box). */
  children?: ReactNode;
}) {
  const id = useId();
  const schema = studentDataSchemaFor(courseType);
  const inputId = (name: string) => `${id}-${name}`;
  const { form, errors, submit } = useSchemaForm<BuyerDetails, typeof schema>({
    schema,
    defaultValues: initial,
    idFor: (path) => inputId(path.split('.')[0]!),
  });
  const upskill = courseType === 'upskill';
  const onFormSubmit = submit(
    (values) => onSubmit(schema.parse(values), values as BuyerDetails),
    (message) => toast({ title: 'Missing Information', description: message, variant: 'destructive' }),
  );
  const invalid = (name: keyof StudentData) => {
    const message = errors[inputId(name)];
    return {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${inputId(name)}-error` : undefined,
    } as const;
  };

  return (
    <form noValidate onSubmit={onFormSubmit} className="grid gap-5" aria-label="Your details">
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const required = upskill || (field.name !== 'company' && field.name !== 'jobTitle');
          return (
            <div key={field.name} className="grid content-start gap-2">
              <Label htmlFor={inputId(field.name)}>
                {field.label}
                {required ? (
                  <span className="text-destructive"> *</span>
                ) : (
                  <span className="font-normal text-muted-foreground"> (optional)</span>
                )}
              </Label>
              <Input
                id={inputId(field.name)}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                aria-required={required}
                {...invalid(field.name)}
                {...form.register(field.name)}
              />
              <FieldError id={`${inputId(field.name)}-error`}>{errors[inputId(field.name)]}</FieldError>
            </div>
          );
        })}
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor={inputId('experienceLevel')}>
            Experience level<span className="text-destructive"> *</span>
          </Label>
          <Select
            id={inputId('experienceLevel')}
            aria-required
            {...invalid('experienceLevel')}
            {...form.register('experienceLevel')}
          >
            <option value="">Select your experience level</option>
            <option value="beginner">Beginner: new to the trade</option>
            <option value="intermediate">Intermediate: some site experience</option>
            <option value="advanced">Advanced: experienced professional</option>
          </Select>
          <FieldError id={`${inputId('experienceLevel')}-error`}>
            {errors[inputId('experienceLevel')]}
          </FieldError>
        </div>
      </div>
      {children}
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
