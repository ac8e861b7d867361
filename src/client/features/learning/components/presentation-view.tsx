import { Download, FileText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import type { TopicDetail } from '#shared/schemas/learning.ts';
import { trackResourceAccess } from '../api/learning.ts';

/** PDFs are shown inline; PowerPoint files are offered as a download. Opening one is recorded. */
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
        <iframe
          src={path}
          title={`Presentation: ${topic.title}`}
          className="h-[60vh] min-h-80 w-full rounded-lg border border-border bg-white"
        />
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
      <p className="text-sm text-muted-foreground">
        This presentation is a PowerPoint file. Download it to view the slides.
      </p>
      <Button asChild variant="accent">
        <a href={path} download>
          <Download aria-hidden="true" />
          Download Presentation
        </a>
      </Button>
    </div>
  );
}
