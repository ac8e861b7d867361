import { Download, FileText } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import type { TopicDetail } from '#shared/schemas/learning.ts';
import { trackResourceAccess } from '../api/learning.ts';

// pdf.js is large: it is fetched only when a PDF presentation is opened, never with the rest of the portal.
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

/** PDFs are drawn in the page (pdf.js); PowerPoint files are offered as a download. Opening one is recorded. */
export function PresentationView({ topic }: { topic: TopicDetail }) {
  const tracked = useRef(false);
  const path = topic.presentationPath;
  useEffect(() => {
    if (!path || tracked.current) return;
    tracked.current = true;
    void trackResourceAccess(topic.id, 'presentation');
  }, [path, topic.id]);

  if (!path) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg bg-navy-50 p-8 text-center text-sm text-muted-foreground">
        <FileText aria-hidden="true" className="size-8 text-navy-300" />
        <p>No presentation for this topic.</p>
      </div>
    );
  }
  if (topic.presentationKind === 'pdf') {
    return (
      <div className="flex flex-col gap-2">
        <Suspense fallback={<Skeleton className="h-80 w-full" />}>
          <PdfViewer url={path} title={`Presentation: ${topic.title}`} />
        </Suspense>
        <a
          href={path}
          target="_blank"
          rel="noreferrer"
          className="self-end text-sm font-medium text-navy-700 underline-offset-4 hover:underline"
        >
          Open in a new tab
        </a>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg bg-navy-50 p-8 text-center">
      <FileText aria-hidden="true" className="size-10 text-navy-400" />
      <p className="font-semibold text-navy-900">PowerPoint slides</p>
      <p className="text-sm text-muted-foreground">
        This presentation is a PowerPoint file, which can't be shown in the page. Download it and open it in
        PowerPoint, Keynote, Google Slides or your phone's file viewer.
      </p>
      <Button asChild variant="accent">
        <a href={path} download>
          <Download aria-hidden="true" />
          Download PowerPoint slides
        </a>
      </Button>
    </div>
  );
}
