import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

/** The "← Course title" link above the purchase pages, back to the course page. */
export function BackToCourse({ course }: { course: { id: string; title: string } }) {
  return (
    <Link
      href={`/courses/${course.id}`}
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-navy-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {course.title}
    </Link>
  );
}
