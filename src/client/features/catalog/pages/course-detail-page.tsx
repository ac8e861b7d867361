import { ArrowLeft, BookOpen } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';

export function CourseDetailPage() {
  const { courseId } = useParams<{ courseId: string }>();
  return (
    <PublicLayout>
      <ComingSoon
        icon={BookOpen}
        title="Course details"
        description="What you will learn, requirements, career outcomes and pricing for this course will appear here."
      >
        <Button asChild variant="outline">
          <Link href="/fundamental-courses">
            <ArrowLeft aria-hidden="true" />
            Back to courses
          </Link>
        </Button>
        <Button asChild>
          <Link href={`/courses/${encodeURIComponent(courseId)}/purchase`}>Enroll Now</Link>
        </Button>
      </ComingSoon>
    </PublicLayout>
  );
}
