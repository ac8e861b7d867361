import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCoursePreview } from '../api/courses.ts';

/** Preview Course (docs/product.md#public-site): the first topic's video, or its description when there is no playable video. */
export function PreviewCourseButton({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const [open, setOpen] = useState(false);
  const [videoFailed, setVideoFailed] = useState(false);
  const { data, isLoading, isError } = useCoursePreview(courseId, open);
  const showVideo = data?.videoUrl && !videoFailed;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="lg"
          variant="outline"
          className="border-white/30 bg-transparent text-white hover:bg-white/10"
        >
          <PlayCircle aria-hidden="true" />
          Preview Course
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
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
