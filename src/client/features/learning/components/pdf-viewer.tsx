import { ChevronLeft, ChevronRight, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
// The worker is bundled by Vite as a file of our own (no CDN): the app works offline and under our CSP.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * A PDF drawn in the page with pdf.js, one page at a time, fitted to the width available and zoomable. Phone
 * browsers often show a PDF in an iframe as a blank box, so the file is never handed to the browser's plug-in.
 * This module is loaded only when a PDF presentation is opened (README 'Presentations').
 */
export default function PdfViewer({ url, title }: { url: string; title: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const task = getDocument({ url, isEvalSupported: false, withCredentials: true });
    let cancelled = false;
    task.promise.then(
      (doc) => {
        if (!cancelled) setPdf(doc);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  // Fit to the frame's width, and again when it changes (rotation, window resize).
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // One render at a time on the canvas: pdf.js refuses a second while one runs, so a new page or zoom waits
  // for the cancelled render before it draws.
  const rendering = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas || width === 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    const draw = async () => {
      const pdfPage = await pdf.getPage(page);
      if (cancelled) return;
      const base = pdfPage.getViewport({ scale: 1 });
      const viewport = pdfPage.getViewport({ scale: (width / base.width) * zoom });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = pdfPage.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise;
    };
    rendering.current = rendering.current.then(draw).catch(() => undefined);
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page, zoom, width]);

  const pages = pdf?.numPages ?? 0;
  const zoomIndex = ZOOM_STEPS.indexOf(zoom);

  if (failed) {
    return (
      <p className="rounded-lg bg-navy-50 p-6 text-center text-sm text-muted-foreground">
        The presentation could not be shown here. Use “Open in a new tab” below.
      </p>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="pdf-viewer">
      <div className="flex flex-wrap items-center justify-between gap-x-1 gap-y-2 rounded-lg border border-border bg-card px-2 py-1.5">
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            <ChevronLeft />
          </Button>
          <span className="min-w-20 text-center text-sm whitespace-nowrap tabular-nums" aria-live="polite">
            {pages ? `Page ${page} of ${pages}` : 'Loading…'}
          </span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Next page"
            disabled={!pages || page >= pages}
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
          >
            <ChevronRight />
          </Button>
        </div>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Zoom out"
            disabled={zoomIndex <= 0}
            onClick={() => setZoom(ZOOM_STEPS[zoomIndex - 1] ?? zoom)}
          >
            <ZoomOut />
          </Button>
          <span className="w-11 text-center text-sm tabular-nums">{Math.round(zoom * 100)}%</span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Zoom in"
            disabled={zoomIndex >= ZOOM_STEPS.length - 1}
            onClick={() => setZoom(ZOOM_STEPS[zoomIndex + 1] ?? zoom)}
          >
            <ZoomIn />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Fit to width"
            disabled={zoom === 1}
            onClick={() => setZoom(1)}
          >
            <Maximize2 />
          </Button>
        </div>
      </div>
      {/* Zoomed in, the page scrolls inside this frame; the page itself never scrolls sideways. */}
      <div
        ref={frameRef}
        className="relative max-h-[75vh] min-h-48 w-full overflow-auto rounded-lg border border-border bg-navy-50"
      >
        {pdf ? null : (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label="Loading presentation…" showLabel />
          </div>
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${title}, page ${page}${pages ? ` of ${pages}` : ''}`}
          className="mx-auto block bg-white"
        />
      </div>
    </div>
  );
}
