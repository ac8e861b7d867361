import {
  ArrowLeft,
  ArrowRight,
  BookOpenCheck,
  BriefcaseBusiness,
  CalendarClock,
  Check,
  ChevronRight,
  ClipboardList,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { Link, useParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { RatingSummary } from '#client/components/reviews/rating-summary.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import type { PaymentPlan } from '#shared/constants.ts';
import {
  decimalToPence,
  difficultyLabel,
  formatCount,
  formatPrice,
  formatSalary,
  formatWeeks,
} from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import { courseImage, useAvailableCourses } from '../api/courses.ts';
import { CourseReviews } from '../components/course-reviews.tsx';
import { CurriculumSection } from '../components/curriculum-section.tsx';
import { LoadingState } from '../components/load-states.tsx';
import { NotifyMeButton } from '../components/notify-me.tsx';
import { PreviewCourseButton } from '../components/preview-dialog.tsx';

export function CourseDetailPage() {
  const { courseId } = useParams<{ courseId: string }>();
  const { data, isLoading } = useAvailableCourses();
  const course = data?.find((c) => c.id === courseId);
  useDocumentTitle(course?.title ?? 'Course details');
  return (
    <PublicLayout>
      {isLoading ? (
        <LoadingState label="Loading course details..." />
      ) : course ? (
        <CourseDetail course={course} />
      ) : (
        <CourseNotFound />
      )}
    </PublicLayout>
  );
}

function CourseNotFound() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-navy-100 text-navy-700">
        <BookOpenCheck aria-hidden="true" className="size-7" />
      </div>
      <h1 className="mt-4 text-2xl font-bold text-navy-950">Course not found</h1>
      <p className="mt-2 text-muted-foreground">The course you're looking for doesn't exist</p>
      <Button asChild className="mt-6">
        <Link href="/fundamental-courses">
          <ArrowLeft aria-hidden="true" />
          Back to Courses
        </Link>
      </Button>
    </section>
  );
}

/** Monthly plan total from the course's own prices (docs/product.md#public-site). */
export function planTotals(course: Course) {
  const price = decimalToPence(course.price) ?? 0;
  const original = course.originalPrice ? decimalToPence(course.originalPrice) : null;
  const monthly = decimalToPence(course.monthlyPrice) ?? 0;
  return {
    saving: original && original > price ? original - price : null,
    monthlyTotal: monthly * course.instalments,
  };
}

function CourseDetail({ course }: { course: Course }) {
  const { saving, monthlyTotal } = planTotals(course);
  const listing =
    course.courseType === 'upskill'
      ? { href: '/upskill-courses', label: 'Upskill My Team' }
      : { href: '/fundamental-courses', label: 'Fundamental Courses' };
  return (
    <>
      <section className="relative overflow-hidden bg-navy-950 text-white">
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[1.3fr_1fr] lg:px-8">
          <div>
            <nav aria-label="Breadcrumb">
              <ol className="flex flex-wrap items-center gap-1 text-sm text-navy-300">
                <li>
                  <Link href="/" className="hover:text-white">
                    Home
                  </Link>
                </li>
                <li aria-hidden="true">
                  <ChevronRight className="size-4" />
                </li>
                <li>
                  <Link href={listing.href} className="hover:text-white">
                    {listing.label}
                  </Link>
                </li>
                <li aria-hidden="true">
                  <ChevronRight className="size-4" />
                </li>
                <li aria-current="page" className="font-medium text-white">
                  {course.title}
                </li>
              </ol>
            </nav>
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <Badge variant="accent">{difficultyLabel(course.difficulty)}</Badge>
              {course.isActive ? null : <Badge variant="secondary">Coming Soon</Badge>}
              <RatingSummary rating={course.rating} tone="dark" />
              {course.enrolledCount !== null ? (
                <span className="flex items-center gap-1 text-sm text-navy-200">
                  <Users aria-hidden="true" className="size-4" />
                  {formatCount(course.enrolledCount)} enrolled
                </span>
              ) : null}
            </div>
            <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{course.title}</h1>
            <p className="mt-4 max-w-2xl text-lg leading-relaxed text-navy-200">{course.description}</p>
            <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-navy-100">
              <span className="flex items-center gap-2">
                <CalendarClock aria-hidden="true" className="size-5 text-safety-400" />
                {formatWeeks(course.estimatedDuration)}
              </span>
              <span className="flex items-baseline gap-2">
                <span className="text-3xl font-extrabold text-white">{formatPrice(course.price)}</span>
                {course.originalPrice ? (
                  <span className="text-navy-300 line-through">{formatPrice(course.originalPrice)}</span>
                ) : null}
              </span>
            </div>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {course.isActive ? (
                <Button asChild size="lg" variant="accent">
                  <Link href={`/courses/${course.id}/purchase`}>
                    Enroll Now
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : (
                <NotifyMeButton
                  course={course}
                  size="lg"
                  variant="accent"
                  label="Get Notified When Available"
                />
              )}
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white"
              >
                <Link href={`/courses/${course.id}/team`}>
                  <Users aria-hidden="true" />
                  Buy for my team
                </Link>
              </Button>
              <PreviewCourseButton courseId={course.id} courseTitle={course.title} />
            </div>
          </div>
          <div className="hidden lg:block">
            <img
              src={courseImage(course, 'header')}
              alt=""
              width={640}
              height={360}
              decoding="async"
              className="aspect-[16/9] w-full rounded-2xl bg-navy-900 object-cover shadow-2xl shadow-black/40"
            />
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_380px] lg:px-8">
        <div className="flex flex-col gap-8">
          <DetailList icon={BookOpenCheck} title="What you'll learn" items={course.whatYouLearn} columns />
          <DetailList icon={ClipboardList} title="Requirements" items={course.requirements} />
          <CurriculumSection courseId={course.id} />
          <section className="rounded-2xl border border-border bg-white p-6 shadow-card">
            <h2 className="flex items-center gap-2 text-xl font-bold text-navy-950">
              <BriefcaseBusiness aria-hidden="true" className="size-5 text-safety-600" />
              Career outcomes
            </h2>
            {course.careerOutcomes.length ? (
              <ul className="mt-4 flex flex-wrap gap-2">
                {course.careerOutcomes.map((role) => (
                  <li key={role}>
                    <Badge variant="secondary" className="px-3 py-1 text-sm">
                      {role}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="mt-5 rounded-xl bg-navy-50 p-4 text-navy-900">
              Average salary: <span className="font-bold">{formatSalary(course.avgSalary)}/year</span>
            </p>
          </section>
          <CourseReviews courseId={course.id} />
        </div>

        <aside aria-label="Enrol" className="lg:sticky lg:top-24 lg:self-start">
          {/* The plan choice is plain HTML and CSS: the radios are the state, and only the link for the checked plan
              shows, so a choice made before the app has loaded (or without JavaScript) is the one that is bought
              (docs/decisions/0014-server-rendered-public-pages.md). */}
          <div className="group/plan rounded-2xl border border-border bg-white p-6 shadow-raised">
            <h2 className="text-lg font-bold text-navy-950">Choose how to pay</h2>
            <fieldset className="mt-4 grid gap-3">
              <legend className="sr-only">Payment plan</legend>
              <PlanOption label="Pay in full" value="onetime">
                <span className="text-2xl font-extrabold text-navy-950">{formatPrice(course.price)}</span>
                {saving ? (
                  <span className="ml-2 text-sm font-semibold text-success">
                    Save {formatPrice(saving, 'pence')}!
                  </span>
                ) : null}
              </PlanOption>
              {course.instalments > 1 ? (
                <PlanOption label="Monthly payment plan" value="monthly">
                  <span className="text-2xl font-extrabold text-navy-950">
                    {formatPrice(course.monthlyPrice)}
                  </span>
                  <span className="text-sm text-muted-foreground">/month</span>
                  <span className="block text-sm text-muted-foreground">
                    {course.instalments} payments, total {formatPrice(monthlyTotal, 'pence')}
                  </span>
                </PlanOption>
              ) : null}
            </fieldset>
            <EnrolLink
              courseId={course.id}
              plan="onetime"
              className="group-has-[[value=monthly]:checked]/plan:hidden"
            />
            {course.instalments > 1 ? (
              <EnrolLink
                courseId={course.id}
                plan="monthly"
                className="hidden group-has-[[value=monthly]:checked]/plan:flex"
              />
            ) : null}
            <Button asChild size="lg" variant="outline" className="mt-3 w-full">
              <Link href={`/courses/${course.id}/team`}>
                <Users aria-hidden="true" />
                Buy for my team
              </Link>
            </Button>
            <ul className="mt-5 grid gap-2 text-sm text-navy-800">
              <li className="flex items-center gap-2">
                <CalendarClock aria-hidden="true" className="size-4 text-safety-600" />
                {formatWeeks(course.estimatedDuration)} of training
              </li>
              <li className="flex items-center gap-2">
                <ShieldCheck aria-hidden="true" className="size-4 text-safety-600" />
                Cancel within 14 days for a full refund, before you start
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}

/** The sidebar's Enroll button for one plan; the page shows the one whose radio is checked. */
function EnrolLink({
  courseId,
  plan,
  className,
}: {
  courseId: string;
  plan: PaymentPlan;
  className: string;
}) {
  return (
    <Button asChild size="lg" variant="accent" className={cn('mt-5 w-full', className)}>
      <Link href={`/courses/${courseId}/purchase?plan=${plan}`}>
        Enroll Now
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

function PlanOption({
  label,
  value,
  children,
}: {
  label: string;
  value: PaymentPlan;
  children: React.ReactNode;
}) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-xl border-2 border-border p-4 transition-colors not-has-checked:hover:border-navy-300 has-checked:border-safety-500 has-checked:bg-safety-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
      <input
        type="radio"
        name="plan"
        value={value}
        defaultChecked={value === 'onetime'}
        className="mt-1 size-4 accent-safety-600"
      />
      <span>
        <span className="block text-sm font-semibold text-navy-900">{label}</span>
        {children}
      </span>
    </label>
  );
}

function DetailList({
  icon: Icon,
  title,
  items,
  columns = false,
}: {
  icon: typeof Check;
  title: string;
  items: string[];
  columns?: boolean;
}) {
  if (!items.length) return null;
  return (
    <section className="rounded-2xl border border-border bg-white p-6 shadow-card">
      <h2 className="flex items-center gap-2 text-xl font-bold text-navy-950">
        <Icon aria-hidden="true" className="size-5 text-safety-600" />
        {title}
      </h2>
      <ul className={cn('mt-4 grid gap-3', columns && 'sm:grid-cols-2')}>
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-navy-900">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
