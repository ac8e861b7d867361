import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { FieldErrorsContext, idByKey, useFieldErrors } from '#client/components/forms/field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { DEFAULT_COURSE_PRICE, DEFAULT_COURSE_WEEKS, IMAGE_MAX_BYTES } from '#shared/constants.ts';
import { type AdminCourse, type CourseInput, courseInputSchema } from '#shared/schemas/admin-content.ts';
import { adminApi, errorToast, refreshContent, successToast, validationToast } from '../api/admin-api.ts';
import { Field, FormFooter } from './empty-state.tsx';

interface FormState {
  title: string;
  description: string;
  courseType: 'fundamental' | 'upskill';
  difficulty: string;
  price: string;
  originalPrice: string;
  monthlyPrice: string;
  instalments: string;
  avgSalary: string;
  estimatedDuration: string;
  order: string;
  isActive: boolean;
  isFeatured: boolean;
  headerImagePath: string | null;
  featuredImagePath: string | null;
  whatYouLearn: string;
  requirements: string;
  careerOutcomes: string;
}

function initial(course?: AdminCourse): FormState {
  return {
    title: course?.title ?? '',
    description: course?.description ?? '',
    courseType: course?.courseType ?? 'fundamental',
    difficulty: course?.difficulty ?? 'beginner',
    price: course?.price ?? DEFAULT_COURSE_PRICE,
    originalPrice: course?.originalPrice ?? '',
    monthlyPrice: course ? course.monthlyPrice : '',
    instalments: String(course?.instalments ?? 6),
    avgSalary: course?.avgSalary == null ? '' : String(course.avgSalary),
    estimatedDuration: String(course?.estimatedDuration ?? DEFAULT_COURSE_WEEKS),
    order: String(course?.order ?? 0),
    isActive: course?.isActive ?? true,
    isFeatured: course?.isFeatured ?? false,
    headerImagePath: course?.headerImagePath ?? null,
    featuredImagePath: course?.featuredImagePath ?? null,
    whatYouLearn: course?.whatYouLearn.join('\n') ?? '',
    requirements: course?.requirements.join('\n') ?? '',
    careerOutcomes: course?.careerOutcomes.join('\n') ?? '',
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Create course / Edit Info (docs/product.md#data; prices and weeks: #formatting). */
export function CourseDialog({
  open,
  onOpenChange,
  course,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  course?: AdminCourse;
}) {
  const [form, setForm] = useState<FormState>(() => initial(course));
  const client = useQueryClient();
  useEffect(() => {
    if (open) setForm(initial(course));
  }, [open, course]);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const editing = Boolean(course);
  const failure = editing ? 'Failed to update course' : 'Failed to create course';

  const save = useMutation({
    mutationFn: (body: CourseInput) => adminApi.saveCourse(course?.id, body),
    onSuccess: () => {
      successToast(editing ? 'Course updated successfully' : 'Course created successfully');
      refreshContent(client);
      onOpenChange(false);
    },
    onError: (error) => errorToast(`${failure}. Please try again`, error),
  });

  const fields = useFieldErrors();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: CourseInput = {
      title: form.title,
      description: form.description,
      courseType: form.courseType,
      difficulty: form.difficulty,
      price: form.price,
      originalPrice: form.originalPrice,
      monthlyPrice: form.monthlyPrice,
      instalments: form.instalments,
      avgSalary: form.avgSalary,
      estimatedDuration: form.estimatedDuration === '' ? 0 : form.estimatedDuration,
      order: form.order,
      isActive: form.isActive,
      isFeatured: form.isFeatured,
      headerImagePath: form.headerImagePath,
      featuredImagePath: form.featuredImagePath,
      whatYouLearn: lines(form.whatYouLearn),
      requirements: lines(form.requirements),
      careerOutcomes: lines(form.careerOutcomes),
    };
    const parsed = courseInputSchema.safeParse(body);
    if (!parsed.success) {
      fields.report(parsed.error.issues, idByKey('c', COURSE_FIELD_IDS));
      return validationToast(parsed.error.issues[0]?.message ?? `${failure}. Please try again.`);
    }
    fields.clear();
    save.mutate(body);
  };

  const image = (key: 'headerImagePath' | 'featuredImagePath', label: string) => (
    <Field label={label} htmlFor={`c-${key}`}>
      <div id={`c-${key}`} className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {form[key] ? (
          <img
            src={form[key] ?? ''}
            alt=""
            className="h-14 w-24 rounded-md border border-border object-cover"
          />
        ) : (
          <span className="text-sm text-muted-foreground">No image</span>
        )}
        <ObjectUploader
          className="min-w-0 flex-1"
          fileType="image"
          maxFileSize={IMAGE_MAX_BYTES}
          buttonLabel={form[key] ? 'Replace image' : 'Upload image'}
          onUploaded={(path) => set(key, path)}
          onError={(error) => errorToast('Upload failed. Please try again', error)}
        />
        {form[key] ? (
          <Button variant="ghost" size="sm" onClick={() => set(key, null)}>
            Remove
          </Button>
        ) : null}
      </div>
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Course' : 'Create Course'}</DialogTitle>
          <DialogDescription>Prices are in pounds; the duration is in weeks.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FieldErrorsContext value={fields.errors}>
            <Field label="Title *" htmlFor="c-title">
              <Input id="c-title" value={form.title} onChange={(e) => set('title', e.target.value)} />
            </Field>
            <Field label="Description *" htmlFor="c-description">
              <Textarea
                id="c-description"
                rows={3}
                value={form.description}
                onChange={(e) => set('description', e.target.value)}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Course type" htmlFor="c-type">
                <Select
                  id="c-type"
                  value={form.courseType}
                  onChange={(e) => set('courseType', e.target.value as FormState['courseType'])}
                >
                  <option value="fundamental">Fundamental</option>
                  <option value="upskill">Upskill</option>
                </Select>
              </Field>
              <Field label="Level" htmlFor="c-level">
                <Select
                  id="c-level"
                  value={form.difficulty}
                  onChange={(e) => set('difficulty', e.target.value)}
                >
                  <option value="beginner">Fundamental</option>
                  <option value="intermediate">UpSkill</option>
                  {!['beginner', 'intermediate'].includes(form.difficulty) ? (
                    <option value={form.difficulty}>{form.difficulty}</option>
                  ) : null}
                </Select>
              </Field>
              <Field label="Display order" htmlFor="c-order">
                <Input
                  id="c-order"
                  type="number"
                  min={0}
                  step={1}
                  value={form.order}
                  onChange={(e) => set('order', e.target.value)}
                />
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Price (£)" htmlFor="c-price">
                <Input
                  id="c-price"
                  inputMode="decimal"
                  value={form.price}
                  onChange={(e) => set('price', e.target.value)}
                />
              </Field>
              <Field
                label="Original price (£)"
                htmlFor="c-original"
                hint="Shown struck through; leave blank for none."
              >
                <Input
                  id="c-original"
                  inputMode="decimal"
                  value={form.originalPrice}
                  onChange={(e) => set('originalPrice', e.target.value)}
                />
              </Field>
              <Field
                label="Monthly price (£)"
                htmlFor="c-monthly"
                hint="Per instalment; blank = price ÷ instalments."
              >
                <Input
                  id="c-monthly"
                  inputMode="decimal"
                  value={form.monthlyPrice}
                  onChange={(e) => set('monthlyPrice', e.target.value)}
                />
              </Field>
              <Field label="Instalments" htmlFor="c-instalments">
                <Input
                  id="c-instalments"
                  type="number"
                  min={1}
                  max={24}
                  value={form.instalments}
                  onChange={(e) => set('instalments', e.target.value)}
                />
              </Field>
              <Field label="Average salary (£ per year)" htmlFor="c-salary">
                <Input
                  id="c-salary"
                  inputMode="numeric"
                  value={form.avgSalary}
                  onChange={(e) => set('avgSalary', e.target.value.replace(/\D/g, ''))}
                />
              </Field>
              <Field label="Duration (weeks)" htmlFor="c-weeks">
                <Input
                  id="c-weeks"
                  type="number"
                  min={0}
                  step={1}
                  value={form.estimatedDuration}
                  onChange={(e) => set('estimatedDuration', e.target.value)}
                />
              </Field>
            </div>
            <div className="flex flex-wrap gap-6">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="c-active"
                  checked={form.isActive}
                  onCheckedChange={(v) => set('isActive', v === true)}
                />
                <label htmlFor="c-active" className="text-sm font-medium">
                  Active (listed in the catalogue)
                </label>
              </div>
              <div className="flex items-center gap-2">
                <Checkbox
                  id="c-featured"
                  checked={form.isFeatured}
                  onCheckedChange={(v) => set('isFeatured', v === true)}
                />
                <label htmlFor="c-featured" className="text-sm font-medium">
                  Featured on the home page
                </label>
              </div>
            </div>
            <div className="grid gap-4">
              {image('headerImagePath', 'Header image')}
              {image('featuredImagePath', 'Featured image')}
            </div>
            <Field label="What you'll learn" htmlFor="c-learn" hint="One item per line.">
              <Textarea
                id="c-learn"
                rows={3}
                value={form.whatYouLearn}
                onChange={(e) => set('whatYouLearn', e.target.value)}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Requirements" htmlFor="c-req" hint="One item per line.">
                <Textarea
                  id="c-req"
                  rows={3}
                  value={form.requirements}
                  onChange={(e) => set('requirements', e.target.value)}
                />
              </Field>
              <Field label="Career outcomes" htmlFor="c-careers" hint="One item per line.">
                <Textarea
                  id="c-careers"
                  rows={3}
                  value={form.careerOutcomes}
                  onChange={(e) => set('careerOutcomes', e.target.value)}
                />
              </Field>
            </div>
            <FormFooter onCancel={() => onOpenChange(false)} busy={save.isPending}>
              {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Create Course'}
            </FormFooter>
          </FieldErrorsContext>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Schema keys whose inputs have other ids. */
const COURSE_FIELD_IDS: Record<string, string> = {
  courseType: 'c-type',
  difficulty: 'c-level',
  originalPrice: 'c-original',
  monthlyPrice: 'c-monthly',
  avgSalary: 'c-salary',
  estimatedDuration: 'c-weeks',
  whatYouLearn: 'c-learn',
  requirements: 'c-req',
  careerOutcomes: 'c-careers',
  headerImagePath: 'c-headerImagePath',
  featuredImagePath: 'c-featuredImagePath',
};
