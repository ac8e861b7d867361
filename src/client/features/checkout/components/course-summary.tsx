import { CalendarClock, Check, GraduationCap, PoundSterling } from 'lucide-react';
import { RatingSummary } from '#client/components/reviews/rating-summary.tsx';
import type { PaymentPlan } from '#shared/constants.ts';
import { courseImageUrl } from '#shared/course-image.ts';
import { decimalToPence, difficultyLabel, formatPrice, formatSalary, formatWeeks } from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';

/** The purchase page's course summary (docs/product.md#checkout): image, facts, features, rating and the price of the plan. */
export function CourseSummary({ course, plan }: { course: Course; plan: PaymentPlan }) {
  const monthly = plan === 'monthly' && course.instalments > 1;
  const total = (decimalToPence(course.monthlyPrice) ?? 0) * course.instalments;
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-white shadow-card">
      <img
        src={courseImageUrl(course, 'header')}
        alt=""
        width={640}
        height={360}
        decoding="async"
        className="aspect-[16/9] w-full bg-navy-900 object-cover"
      />
      <div className="p-6">
        <h2 className="text-xl font-bold tracking-tight text-navy-950">{course.title}</h2>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{course.description}</p>
        <dl className="mt-4 grid grid-cols-1 gap-2 text-sm min-[420px]:grid-cols-3">
          <div className="flex items-center justify-between gap-2 rounded-lg bg-navy-50 px-3 py-2 min-[420px]:block min-[420px]:p-2.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <CalendarClock aria-hidden="true" className="size-3.5" />
              Duration
            </dt>
            <dd className="font-semibold text-navy-950 min-[420px]:mt-1">
              {formatWeeks(course.estimatedDuration)}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-2 rounded-lg bg-navy-50 px-3 py-2 min-[420px]:block min-[420px]:p-2.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <GraduationCap aria-hidden="true" className="size-3.5" />
              Level
            </dt>
            <dd className="font-semibold text-navy-950 min-[420px]:mt-1">
              {difficultyLabel(course.difficulty)}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-2 rounded-lg bg-navy-50 px-3 py-2 min-[420px]:block min-[420px]:p-2.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <PoundSterling aria-hidden="true" className="size-3.5" />
              Salary/year
            </dt>
            <dd className="font-semibold text-navy-950 min-[420px]:mt-1">{formatSalary(course.avgSalary)}</dd>
          </div>
        </dl>
        {course.whatYouLearn.length ? (
          <ul className="mt-5 grid gap-2 text-sm text-navy-900">
            {course.whatYouLearn.slice(0, 5).map((item) => (
              <li key={item} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {item}
              </li>
            ))}
          </ul>
        ) : null}
        <RatingSummary rating={course.rating} className="mt-5" />
        <div className="mt-5 border-t border-border pt-5">
          {monthly ? (
            <>
              <p className="flex items-baseline gap-1">
                <span className="text-3xl font-extrabold text-navy-950">
                  {formatPrice(course.monthlyPrice)}
                </span>
                <span className="text-muted-foreground">/month</span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                {course.instalments} monthly payments, total {formatPrice(total, 'pence')}. The first payment
                is taken today.
              </p>
            </>
          ) : (
            <p className="flex items-baseline gap-3">
              <span className="text-3xl font-extrabold text-navy-950">{formatPrice(course.price)}</span>
              {course.originalPrice ? (
                <span className="text-muted-foreground line-through">
                  {formatPrice(course.originalPrice)}
                </span>
              ) : null}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
