import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FieldErrorsContext, idByKey } from '#client/components/forms/field-errors.ts';
import { useSchemaForm } from '#client/components/forms/schema-form.ts';
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
  showEnrolmentCount: boolean;
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
    showEnrolmentCount: course?.showEnrolmentCount ?? false,
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

/** The request the schema checks, from what the inputs show (lists are one item per line). */
function toCourseBody(form: FormState): CourseInput {
  return {
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
    showEnrolmentCount: form.showEnrolmentCount,
    headerImagePath: form.headerImagePath,
    featuredImagePath: form.featuredImagePath,
    whatYouLearn: lines(form.whatYouLearn),
    requirements: lines(form.requirements),
    careerOutcomes: lines(form.careerOutcomes),
  };
}

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
  const { form, errors, submit } = useSchemaForm<FormState, typeof courseInputSchema>({
    schema: courseInputSchema,
    defaultValues: initial(course),
    idFor: (path) => courseFieldId(path.split('.')),
    toBody: toCourseBody,
  });
  const { register, reset, setValue, watch } = form;
  const client = useQueryClient();
  useEffect(() => {
    if (open) reset(initial(course));
  }, [open, course, reset]);
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

  const onSubmit = submit((body) => save.mutate(body), validationToast);

  const image = (key: 'headerImagePath' | 'featuredImagePath', label: string) => {
    const path = watch(key);
    return (
      <Field label={label} htmlFor={`c-${key}`}>
        <div id={`c-${key}`} className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {path ? (
            <img src={path} alt="" className="h-14 w-24 rounded-md border border-border object-cover" />
          ) : (
            <span className="text-sm text-muted-foreground">No image</span>
          )}
          <ObjectUploader
            className="min-w-0 flex-1"
            fileType="image"
            maxFileSize={IMAGE_MAX_BYTES}
            buttonLabel={path ? 'Replace image' : 'Upload image'}
            onUploaded={(uploaded) => setValue(key, uploaded)}
            onError={(error) => errorToast('Upload failed. Please try again', error)}
          />
          {path ? (
            <Button variant="ghost" size="sm" onClick={() => setValue(key, null)}>
              Remove
            </Button>
          ) : null}
        </div>
      </Field>
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Course' : 'Create Course'}</DialogTitle>
          <DialogDescription>Prices are in pounds; the duration is in weeks.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FieldErrorsContext value={errors}>
            <Field label="Title *" htmlFor="c-title">
              <Input id="c-title" {...register('title')} />
            </Field>
            <Field label="Description *" htmlFor="c-description">
              <Textarea id="c-description" rows={3} {...register('description')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Course type" htmlFor="c-type">
                <Select id="c-type" {...register('courseType')}>
                  <option value="fundamental">Fundamental</option>
                  <option value="upskill">Upskill</option>
                </Select>
              </Field>
              <Field label="Level" htmlFor="c-level">
                <Select id="c-level" {...register('difficulty')}>
                  <option value="beginner">Fundamental</option>
                  <option value="intermediate">UpSkill</option>
                  {!['beginner', 'intermediate'].includes(watch('difficulty')) ? (
                    <option value={watch('difficulty')}>{watch('difficulty')}</option>
                  ) : null}
                </Select>
              </Field>
              <Field label="Display order" htmlFor="c-order">
                <Input id="c-order" type="number" min={0} step={1} {...register('order')} />
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Price (£)" htmlFor="c-price">
                <Input id="c-price" inputMode="decimal" {...register('price')} />
              </Field>
              <Field
                label="Original price (£)"
                htmlFor="c-original"
                hint="Shown struck through; leave blank for none."
              >
                <Input id="c-original" inputMode="decimal" {...register('originalPrice')} />
              </Field>
              <Field
                label="Monthly price (£)"
                htmlFor="c-monthly"
                hint="Per instalment; blank = price ÷ instalments."
              >
                <Input id="c-monthly" inputMode="decimal" {...register('monthlyPrice')} />
              </Field>
              <Field label="Instalments" htmlFor="c-instalments">
                <Input id="c-instalments" type="number" min={1} max={24} {...register('instalments')} />
              </Field>
              <Field label="Average salary (£ per year)" htmlFor="c-salary">
                <Input
                  id="c-salary"
                  inputMode="numeric"
                  {...register('avgSalary', {
                    onChange: (e) => setValue('avgSalary', e.target.value.replace(/\D/g, '')),
                  })}
                />
              </Field>
              <Field label="Duration (weeks)" htmlFor="c-weeks">
                <Input id="c-weeks" type="number" min={0} step={1} {...register('estimatedDuration')} />
              </Field>
            </div>
            <div className="flex flex-wrap gap-6">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="c-active"
                  checked={watch('isActive')}
                  onCheckedChange={(v) => setValue('isActive', v === true)}
                />
                <label htmlFor="c-active" className="text-sm font-medium">
                  Active (listed in the catalogue)
                </label>
              </div>
              <div className="flex items-center gap-2">
                <Checkbox
                  id="c-featured"
                  checked={watch('isFeatured')}
                  onCheckedChange={(v) => setValue('isFeatured', v === true)}
                />
                <label htmlFor="c-featured" className="text-sm font-medium">
                  Featured on the home page
                </label>
              </div>
              <div className="flex items-center gap-2">
                <Checkbox
                  id="c-enrolments"
                  checked={watch('showEnrolmentCount')}
                  onCheckedChange={(v) => setValue('showEnrolmentCount', v === true)}
                />
                <label htmlFor="c-enrolments" className="text-sm font-medium">
                  Show the real enrolment count on the course page
                </label>
              </div>
            </div>
            <div className="grid gap-4">
              {image('headerImagePath', 'Header image')}
              {image('featuredImagePath', 'Featured image')}
            </div>
            <Field label="What you'll learn" htmlFor="c-learn" hint="One item per line.">
              <Textarea id="c-learn" rows={3} {...register('whatYouLearn')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Requirements" htmlFor="c-req" hint="One item per line.">
                <Textarea id="c-req" rows={3} {...register('requirements')} />
              </Field>
              <Field label="Career outcomes" htmlFor="c-careers" hint="One item per line.">
                <Textarea id="c-careers" rows={3} {...register('careerOutcomes')} />
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
const courseFieldId = idByKey('c', {
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
});
