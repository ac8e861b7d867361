import { PlayCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useDeferredDialog } from './use-deferred-dialog.ts';

const CoursePreviewDialog = lazy(() => import('./course-preview-dialog.tsx'));

/** Preview Course (docs/product.md#public-site): the button hydrates with the page, the dialog loads when pressed. */
export function PreviewCourseButton({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const dialog = useDeferredDialog();
  return (
    <>
      <Button
        size="lg"
        variant="outline"
        className="border-white/30 bg-transparent text-white hover:bg-white/10"
        {...dialog.trigger}
      >
        <PlayCircle aria-hidden="true" />
        Preview Course
      </Button>
      {dialog.wanted ? (
        <Suspense fallback={null}>
          <CoursePreviewDialog courseId={courseId} courseTitle={courseTitle} dialog={dialog} />
        </Suspense>
      ) : null}
    </>
  );
}
