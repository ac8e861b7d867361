import { CheckCircle2, Save } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import * as crossFrameLms from 'scorm-again/cross-frame-lms';
import * as scorm12 from 'scorm-again/scorm12';
import * as scorm2004 from 'scorm-again/scorm2004';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { saveScormRun, useScormLaunch } from '../api/scorm.ts';

// The SCORM player (README 'SCORM packages'; docs/decisions/0017-scorm-opaque-origin.md). The package runs in a
// sandboxed frame without same-origin, so it has an opaque origin: it cannot read our cookies or call our API as
// the student. Its pages carry scorm-again's CrossFrameAPI (added by the server), which posts each SCORM call here,
// where CrossFrameLMS answers it from the real runtime. Run data goes to the server on Commit/Terminate, every
// 30 s when changed, and when the page is left.

const AUTOSAVE_MS = 30_000;

// scorm-again's ES modules export the classes by name; its type declarations say default.
const pick = <T,>(mod: { default: T }, name: string): T =>
  (mod as unknown as Record<string, T>)[name] ?? mod.default;
const Scorm12API = pick(scorm12, 'Scorm12API');
const Scorm2004API = pick(scorm2004, 'Scorm2004API');
const CrossFrameLMS = pick(crossFrameLms, 'CrossFrameLMS');
type Api = InstanceType<typeof Scorm12API> | InstanceType<typeof Scorm2004API>;

/** True for the player frame and any frame inside it (a package may use frames of its own). */
function fromFrame(source: MessageEventSource | null, frame: HTMLIFrameElement | null): boolean {
  let win = source as Window | null;
  for (let depth = 0; win && frame?.contentWindow && depth < 10; depth++) {
    if (win === frame.contentWindow) return true;
    if (win === win.parent) return false;
    win = win.parent;
  }
  return false;
}

export function ScormLesson({ topicId, onCommitted }: { topicId: string; onCommitted: () => void }) {
  const launch = useScormLaunch(topicId);
  const frame = useRef<HTMLIFrameElement>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const committed = useRef(onCommitted);
  committed.current = onCommitted;
  const data = launch.data;

  useEffect(() => {
    if (!data) return;
    const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 as const };
    const api: Api = data.version === '1.2' ? new Scorm12API(settings) : new Scorm2004API(settings);
    api.loadFromJSON(data.cmi);
    let last = JSON.stringify(api.cmi);
    let stopped = false;
    const flush = async (keepalive = false) => {
      const current = JSON.stringify(api.cmi);
      if (current === last) return false;
      last = current;
      await saveScormRun(topicId, JSON.parse(current), keepalive);
      if (!stopped) setSavedAt(new Date());
      return true;
    };
    const commit = () => {
      flush()
        .then((changed) => changed && committed.current())
        .catch((error: unknown) =>
          toast({
            title: 'Not saved',
            description: getErrorMessage(error, 'Progress could not be saved'),
            variant: 'destructive',
          }),
        );
    };
    for (const event of ['LMSCommit', 'LMSFinish', 'Commit', 'Terminate']) api.on(event, commit);

    // CrossFrameLMS accepts any origin ('*': an opaque origin cannot be named), so only messages from the player
    // frame reach it.
    const lms = new CrossFrameLMS(api, '*');
    const inner = lms as unknown as { _boundOnMessage: (event: MessageEvent) => void };
    window.removeEventListener('message', inner._boundOnMessage);
    const onMessage = (event: MessageEvent) => {
      if (fromFrame(event.source, frame.current)) inner._boundOnMessage(event);
    };
    window.addEventListener('message', onMessage);
    const timer = window.setInterval(commit, AUTOSAVE_MS);
    const onHide = () => void flush(true).catch(() => undefined);
    window.addEventListener('pagehide', onHide);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('message', onMessage);
      lms.destroy();
      void flush(true).catch(() => undefined);
    };
  }, [data, topicId]);

  if (launch.isLoading) return <Skeleton className="h-[70vh] min-h-[420px] w-full" />;
  if (!data) {
    return (
      <p className="text-sm text-muted-foreground">
        {getErrorMessage(launch.error, 'This lesson could not be opened.')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <iframe
        ref={frame}
        src={data.launchUrl}
        title={data.title}
        sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals"
        allow="fullscreen; autoplay"
        className="h-[70vh] min-h-[420px] w-full rounded-md border bg-white"
        data-testid="scorm-frame"
      />
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
        {data.completed ? (
          <CheckCircle2 aria-hidden="true" className="size-3.5 text-success" />
        ) : (
          <Save aria-hidden="true" className="size-3.5" />
        )}
        {savedAt
          ? `Progress saved at ${savedAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`
          : 'Your progress saves as you go, so you can carry on later on any device.'}
      </p>
    </div>
  );
}
