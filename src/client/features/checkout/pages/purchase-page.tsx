import { ArrowLeft, ClipboardList } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';

export function PurchasePage() {
  const { courseId } = useParams<{ courseId: string }>();
  return (
    <PublicLayout>
      <ComingSoon
        icon={ClipboardList}
        title="Enrol on this course"
        description="Your details, then a secure card payment. Enrolment opens here soon."
      >
        <Button asChild variant="outline">
          <Link href={`/courses/${encodeURIComponent(courseId)}`}>
            <ArrowLeft aria-hidden="true" />
            Back to Course Details
          </Link>
        </Button>
      </ComingSoon>
    </PublicLayout>
  );
}
