import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus, Wand2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FieldErrorsContext, idByKey, useFieldErrors } from '#client/components/forms/field-errors.ts';
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
  const [form, setForm] = useState<CreateStudentInput>(blank);
  const { data: courses = [] } = useCourses();
  const client = useQueryClient();
  const course = courses.find((c) => c.id === form.courseId);
  const fields = useFieldErrors();
  const set = (key: keyof CreateStudentInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const create = useMutation({
    mutationFn: adminApi.createStudent,
    onSuccess: () => {
      successToast('Student created and course assigned successfully');
      void client.invalidateQueries({ queryKey: adminKeys.students });
      void client.invalidateQueries({ queryKey: adminKeys.stats });
      void client.invalidateQueries({ queryKey: adminKeys.courses });
      setForm(blank);
      setOpen(false);
    },
    onError: (error) => errorToast('Failed to create student', error),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createStudentSchema.safeParse(form);
    if (!parsed.success) {
      fields.report(parsed.error.issues, idByKey('s', STUDENT_FIELD_IDS));
      return validationToast(parsed.error.issues[0]?.message ?? 'Please fill in all required fields');
    }
    if (upskillDetailsMissing(course?.courseType, form)) {
      const missing = [
        form.company?.trim() ? null : ['company', UPSKILL_DETAILS_REQUIRED],
        form.jobTitle?.trim() ? null : ['jobTitle', UPSKILL_DETAILS_REQUIRED],
      ].filter((x): x is string[] => x !== null);
      fields.report(
        missing.map(([key, message]) => ({ code: 'custom', path: [key!], message: message!, input: '' })),
        idByKey('s', STUDENT_FIELD_IDS),
      );
      return validationToast(UPSKILL_DETAILS_REQUIRED);
    }
    fields.clear();
    create.mutate(form);
  };

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
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FieldErrorsContext value={fields.errors}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name *" htmlFor="s-first">
                <Input id="s-first" value={form.firstName} onChange={set('firstName')} autoComplete="off" />
              </Field>
              <Field label="Last name *" htmlFor="s-last">
                <Input id="s-last" value={form.lastName} onChange={set('lastName')} autoComplete="off" />
              </Field>
            </div>
            <Field label="Email *" htmlFor="s-email">
              <Input
                id="s-email"
                type="email"
                value={form.email}
                onChange={set('email')}
                autoComplete="off"
              />
            </Field>
            <Field
              label="Temporary password *"
              htmlFor="s-password"
              hint="At least 8 characters; the student changes it at first sign-in."
            >
              <div className="flex gap-2">
                <Input
                  id="s-password"
                  value={form.password}
                  onChange={set('password')}
                  autoComplete="new-password"
                />
                <Button
                  variant="outline"
                  onClick={() => setForm((f) => ({ ...f, password: suggestPassword() }))}
                >
                  <Wand2 /> Generate
                </Button>
              </div>
            </Field>
            <Field label="Course *" htmlFor="s-course" hint={course ? courseWarning(course) : undefined}>
              <Select id="s-course" value={form.courseId} onChange={set('courseId')}>
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
                <Input id="s-phone" type="tel" value={form.phoneNumber} onChange={set('phoneNumber')} />
              </Field>
              <Field label="Experience level" htmlFor="s-exp">
                <Select id="s-exp" value={form.experienceLevel} onChange={set('experienceLevel')}>
                  <option value="">Not specified</option>
                  {ADMIN_EXPERIENCE_LEVELS.map((l) => (
                    <option key={l} value={l}>
                      {l.charAt(0).toUpperCase() + l.slice(1)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={`Company${course?.courseType === 'upskill' ? ' *' : ''}`} htmlFor="s-company">
                <Input id="s-company" value={form.company} onChange={set('company')} />
              </Field>
              <Field label={`Job title${course?.courseType === 'upskill' ? ' *' : ''}`} htmlFor="s-job">
                <Input id="s-job" value={form.jobTitle} onChange={set('jobTitle')} />
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
const STUDENT_FIELD_IDS: Record<string, string> = {
  firstName: 's-first',
  lastName: 's-last',
  courseId: 's-course',
  phoneNumber: 's-phone',
  experienceLevel: 's-exp',
  jobTitle: 's-job',
};
