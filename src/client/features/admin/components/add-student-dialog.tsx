import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { FieldErrorsContext, idByKey } from '#client/components/forms/field-errors.ts';
import { useSchemaForm } from '#client/components/forms/schema-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { ADMIN_EXPERIENCE_LEVELS } from '#shared/constants.ts';
import type { AdminCourse } from '#shared/schemas/admin-content.ts';
import {
  type CreateStudentInput,
  createStudentSchema,
  UPSKILL_DETAILS_REQUIRED,
  upskillDetailsMissing,
} from '#shared/schemas/admin-students.ts';
import {
  adminApi,
  adminKeys,
  errorToast,
  successToast,
  useCourses,
  validationToast,
} from '../api/admin-api.ts';
import { Field, FormFooter } from './empty-state.tsx';

const blank: CreateStudentInput = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  courseId: '',
  phoneNumber: '',
  company: '',
  jobTitle: '',
  experienceLevel: '',
};

/** A readable temporary password the admin can pass on; the student must change it at first sign-in. */
function suggestPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function AddStudentDialog() {
  const [open, setOpen] = useState(false);
  const { form, errors, submit } = useSchemaForm<CreateStudentInput, typeof createStudentSchema>({
    schema: createStudentSchema,
    defaultValues: blank,
    idFor: (path) => studentFieldId(path.split('.')),
  });
  const { register, reset, setError, setFocus, setValue, watch } = form;
  const { data: courses = [] } = useCourses();
  const client = useQueryClient();
  const course = courses.find((c) => c.id === watch('courseId'));

  const create = useMutation({
    mutationFn: adminApi.createStudent,
    onSuccess: () => {
      successToast('Student created and course assigned successfully');
      void client.invalidateQueries({ queryKey: adminKeys.students });
      void client.invalidateQueries({ queryKey: adminKeys.stats });
      void client.invalidateQueries({ queryKey: adminKeys.courses });
      reset(blank);
      setOpen(false);
    },
    onError: (error) => errorToast('Failed to create student', error),
  });

  const onSubmit = submit((body) => {
    // An upskill course also needs company and job title (docs/product.md#validation): a rule of the course.
    if (upskillDetailsMissing(course?.courseType, body)) {
      const missing = (['company', 'jobTitle'] as const).filter((key) => !body[key]?.trim());
      for (const key of missing) setError(key, { message: UPSKILL_DETAILS_REQUIRED });
      setFocus(missing[0]!);
      return validationToast(UPSKILL_DETAILS_REQUIRED);
    }
    create.mutate(body);
  }, validationToast);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus /> Add Student
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Student</DialogTitle>
          <DialogDescription>
            Creates the account with this temporary password, enrols the student and emails the sign-in
            details.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FieldErrorsContext value={errors}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name *" htmlFor="s-first">
                <Input id="s-first" autoComplete="off" {...register('firstName')} />
              </Field>
              <Field label="Last name *" htmlFor="s-last">
                <Input id="s-last" autoComplete="off" {...register('lastName')} />
              </Field>
            </div>
            <Field label="Email *" htmlFor="s-email">
              <Input id="s-email" type="email" autoComplete="off" {...register('email')} />
            </Field>
            <Field
              label="Temporary password *"
              htmlFor="s-password"
              hint="At least 8 characters; the student changes it at first sign-in."
            >
              <div className="flex gap-2">
                <Input id="s-password" autoComplete="new-password" {...register('password')} />
                <Button variant="outline" onClick={() => setValue('password', suggestPassword())}>
                  <Wand2 /> Generate
                </Button>
              </div>
            </Field>
            <Field label="Course *" htmlFor="s-course" hint={course ? courseWarning(course) : undefined}>
              <Select id="s-course" {...register('courseId')}>
                <option value="">Select a course</option>
                {courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {courseOptionLabel(c)}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Phone number" htmlFor="s-phone">
                <Input id="s-phone" type="tel" {...register('phoneNumber')} />
              </Field>
              <Field label="Experience level" htmlFor="s-exp">
                <Select id="s-exp" {...register('experienceLevel')}>
                  <option value="">Not specified</option>
                  {ADMIN_EXPERIENCE_LEVELS.map((l) => (
                    <option key={l} value={l}>
                      {l.charAt(0).toUpperCase() + l.slice(1)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={`Company${course?.courseType === 'upskill' ? ' *' : ''}`} htmlFor="s-company">
                <Input id="s-company" {...register('company')} />
              </Field>
              <Field label={`Job title${course?.courseType === 'upskill' ? ' *' : ''}`} htmlFor="s-job">
                <Input id="s-job" {...register('jobTitle')} />
              </Field>
            </div>
            <FormFooter onCancel={() => setOpen(false)} busy={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Student'}
            </FormFooter>
          </FieldErrorsContext>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Title (Upskill)", plus what would surprise a new student: a course that is not on sale or has nothing in it. */
export function courseOptionLabel(c: AdminCourse): string {
  const notes = [
    c.courseType === 'upskill' ? 'Upskill' : 'Fundamental',
    c.isActive ? null : 'inactive',
    c.moduleCount === 0 ? 'no modules yet' : null,
  ].filter(Boolean);
  return `${c.title} (${notes.join(', ')})`;
}

function courseWarning(c: AdminCourse): string | undefined {
  if (!c.isActive && c.moduleCount === 0) {
    return 'This course is inactive and has no modules yet: the student will see an empty course.';
  }
  if (!c.isActive)
    return 'This course is inactive: it is hidden from the catalogue, but the student can study it.';
  if (c.moduleCount === 0) return 'This course has no modules yet: the student will see an empty course.';
  return undefined;
}

/** Schema keys whose inputs have other ids. */
const studentFieldId = idByKey('s', {
  firstName: 's-first',
  lastName: 's-last',
  courseId: 's-course',
  phoneNumber: 's-phone',
  experienceLevel: 's-exp',
  jobTitle: 's-job',
});
