import { ArrowRight, Clock, PoundSterling } from 'lucide-react';
import { Link } from 'wouter';
import { RatingSummary } from '#client/components/reviews/rating-summary.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { difficultyLabel, formatPrice, formatSalary, formatWeeks } from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import { courseImage } from '../api/courses.ts';

/** A course in a listing grid; the whole card links to the course page. */
export function CourseCard({ course, eager = false }: { course: Course; eager?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-card transition-shadow hover:shadow-raised">
      <div className="relative aspect-[16/9] overflow-hidden bg-navy-900">
        <img
          src={courseImage(course)}
          alt=""
          width={640}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
        />
        <Badge variant="accent" className="absolute top-3 left-3">
          {difficultyLabel(course.difficulty)}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold leading-snug tracking-tight text-navy-950">
          <Link
            href={`/courses/${course.id}`}
            className="rounded-sm after:absolute after:inset-0 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {course.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted-foreground">
          {course.description}
        </p>
        {/* Above the card's stretched link, so the policy link beside the stars can be clicked. */}
        <RatingSummary rating={course.rating} className="relative z-10 mt-3 self-start" />
        <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-navy-800">
          <div className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-safety-600" />
            <dt className="sr-only">Duration</dt>
            <dd>{formatWeeks(course.estimatedDuration)}</dd>
          </div>
          {course.avgSalary ? (
            <div className="flex items-center gap-1.5">
              <PoundSterling aria-hidden="true" className="size-4 text-safety-600" />
              <dt className="sr-only">Average salary</dt>
              <dd>{formatSalary(course.avgSalary)}/year</dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-auto flex items-end justify-between gap-3 pt-5">
          <p className="flex items-baseline gap-2">
            <span className="text-2xl font-extrabold text-navy-950">{formatPrice(course.price)}</span>
            {course.originalPrice ? (
              <span className="text-sm text-muted-foreground line-through">
                {formatPrice(course.originalPrice)}
              </span>
            ) : null}
          </p>
          <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap text-safety-700">
            View Course
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </span>
        </div>
      </div>
    </article>
  );
}
