import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCoursePreview } from '../api/courses.ts';
import type { DeferredDialog } from './use-deferred-dialog.ts';

/** The preview dialog (preview-dialog.tsx loads it on first use; docs/product.md#public-site): the first topic's video, or its description when there is no playable video. */
export default function CoursePreviewDialog({
  courseId,
  courseTitle,
  dialog,
}: {
  courseId: string;
  courseTitle: string;
  dialog: DeferredDialog;
}) {
  const { open, setOpen } = dialog;
  const [videoFailed, setVideoFailed] = useState(false);
  const { data, isLoading, isError } = useCoursePreview(courseId, open);
  const showVideo = data?.videoUrl && !videoFailed;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-2xl" {...dialog.content}>
        <DialogHeader>
          <DialogTitle>Preview: {courseTitle}</DialogTitle>
          <DialogDescription>{data ? data.title : 'The first lesson of the course'}</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <div className="flex h-48 items-center justify-center">
            <Spinner label="Loading preview..." showLabel />
          </div>
        ) : isError || !data ? (
          <p className="text-muted-foreground">The preview is not available right now.</p>
        ) : showVideo ? (
          // biome-ignore lint/a11y/useMediaCaption: preview lessons have no caption track yet.
          <video
            src={data.videoUrl!}
            controls
            preload="metadata"
            className="aspect-video w-full rounded-lg bg-black"
            onError={() => setVideoFailed(true)}
          />
        ) : (
          <div className="rounded-lg bg-muted p-5">
            <p className="leading-relaxed text-navy-900">{data.description}</p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
