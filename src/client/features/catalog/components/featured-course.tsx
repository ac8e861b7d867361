import { ArrowRight, Clock, PoundSterling } from 'lucide-react';
import { Link } from 'wouter';
import { RatingSummary } from '#client/components/reviews/rating-summary.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { difficultyLabel, formatPrice, formatSalary, formatWeeks } from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import { courseImage, pickFeaturedCourse, useAvailableCourses } from '../api/courses.ts';

/**
 * Featured Course (docs/product.md#public-site), with the 'Drainage Systems Fundamentals' fallback card. The rating
 * is the course's real one (docs/product.md#reviews); the fallback card, which is no course, has none.
 */
export function FeaturedCourse() {
  const { data, isLoading } = useAvailableCourses();
  const course = pickFeaturedCourse(data);
  return (
    <section aria-labelledby="featured-heading" className="bg-navy-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-2xl">
          <Badge variant="outline" className="bg-white">
            Featured Course
          </Badge>
          <h2
            id="featured-heading"
            className="mt-3 text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl"
          >
            Our most popular course
          </h2>
        </div>
        <div className="mt-8">
          {isLoading ? (
            <Skeleton className="h-80 w-full rounded-2xl" />
          ) : course ? (
            <FeaturedCard course={course} />
          ) : (
            <FallbackCard />
          )}
        </div>
      </div>
    </section>
  );
}

function FeaturedCard({ course }: { course: Course }) {
  return (
    <article className="grid overflow-hidden rounded-2xl border border-border bg-white shadow-card md:grid-cols-2">
      <img
        src={courseImage(course)}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
        className="aspect-[16/9] size-full bg-navy-900 object-cover md:aspect-auto"
      />
      <div className="flex flex-col p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="accent">{difficultyLabel(course.difficulty)}</Badge>
          <RatingSummary rating={course.rating} />
        </div>
        <h3 className="mt-4 text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl">{course.title}</h3>
        <p className="mt-3 leading-relaxed text-muted-foreground">{course.description}</p>
        <dl className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm text-navy-800">
          <div className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-safety-600" />
            <dt className="sr-only">Duration</dt>
            <dd>{formatWeeks(course.estimatedDuration)}</dd>
          </div>
          {course.avgSalary ? (
            <div className="flex items-center gap-1.5">
              <PoundSterling aria-hidden="true" className="size-4 text-safety-600" />
              <dt>Average salary</dt>
              <dd className="font-semibold">{formatSalary(course.avgSalary)}/year</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-6 flex items-baseline gap-3">
          <span className="text-3xl font-extrabold text-navy-950">{formatPrice(course.price)}</span>
          {course.originalPrice ? (
            <span className="text-muted-foreground line-through">{formatPrice(course.originalPrice)}</span>
          ) : null}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" variant="accent">
            <Link href={`/checkout/${course.id}`}>
              Purchase Now
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href={`/courses/${course.id}`}>View Course Details</Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

function FallbackCard() {
  return (
    <article className="grid overflow-hidden rounded-2xl border border-border bg-white shadow-card md:grid-cols-2">
      <img
        src="/images/course-fundamental.svg"
        alt=""
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
        className="aspect-[16/9] size-full bg-navy-900 object-cover md:aspect-auto"
      />
      <div className="flex flex-col p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="accent">Fundamental</Badge>
        </div>
        <h3 className="mt-4 text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl">
          Drainage Systems Fundamentals
        </h3>
        <p className="mt-3 leading-relaxed text-muted-foreground">
          Learn how below-ground drainage works, from reading a drainage plan to laying, testing and
          inspecting pipework.
        </p>
        <div className="mt-6">
          <Button asChild size="lg" variant="accent">
            <Link href="/fundamental-courses">
              View Courses
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
