import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import type { Cue } from '#shared/webvtt.ts';
import { useCaptionCues } from '../api/learning.ts';

// The transcript under a lesson video, built from its WebVTT captions (README 'Accessibility'): searchable, and
// each line jumps the video to its time.

const clock = (seconds: number) => {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

interface TranscriptProps {
  captionsUrl: string;
  video: HTMLVideoElement | null;
}

export function CaptionsTranscript({ captionsUrl, video }: TranscriptProps) {
  const { data: cues = [], isError } = useCaptionCues(captionsUrl);
  const [search, setSearch] = useState('');
  const [now, setNow] = useState(0);
  const searchId = useId();
  const countId = useId();

  useEffect(() => {
    if (!video) return;
    const onTime = () => setNow(video.currentTime);
    video.addEventListener('timeupdate', onTime);
    return () => video.removeEventListener('timeupdate', onTime);
  }, [video]);

  const term = search.trim().toLowerCase();
  const shown = useMemo(
    () => (term ? cues.filter((cue) => cue.text.toLowerCase().includes(term)) : cues),
    [cues, term],
  );
  if (isError) return null;

  const jump = (cue: Cue) => {
    if (!video) return;
    video.currentTime = cue.start;
    video.focus();
  };

  return (
    <section
      aria-labelledby={`${searchId}-heading`}
      className="mt-4 rounded-lg border border-navy-100 bg-white"
    >
      <div className="flex flex-col gap-2 border-b border-navy-100 p-3 sm:flex-row sm:items-center sm:justify-between">
        <h3 id={`${searchId}-heading`} className="font-semibold text-navy-900">
          Transcript
        </h3>
        <div className="relative sm:w-64">
          <Search
            aria-hidden="true"
            className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-navy-400"
          />
          <label htmlFor={searchId} className="sr-only">
            Search the transcript
          </label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search the transcript"
            aria-describedby={countId}
            className="pl-8"
          />
        </div>
      </div>
      <p
        id={countId}
        aria-live="polite"
        className={term ? 'px-3 pt-2 text-sm text-muted-foreground' : 'sr-only'}
      >
        {term ? `${shown.length} ${shown.length === 1 ? 'line matches' : 'lines match'}` : ''}
      </p>
      <ol className="max-h-72 overflow-y-auto p-1" aria-label="Transcript lines">
        {shown.map((cue) => {
          const current = now >= cue.start && now < cue.end;
          return (
            <li key={`${cue.start}-${cue.end}-${cue.text}`}>
              <button
                type="button"
                onClick={() => jump(cue)}
                aria-current={current ? 'true' : undefined}
                className="flex min-h-6 w-full gap-3 rounded px-2 py-1.5 text-left text-sm hover:bg-navy-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-navy-700 aria-[current]:bg-amber-50"
              >
                <span className="shrink-0 font-mono text-navy-600 tabular-nums">
                  <span className="sr-only">Jump to </span>
                  {clock(cue.start)}
                </span>
                <span className="text-navy-900">{cue.text}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
