import { CalendarDays, MapPin, Users, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '#shared/format.ts';

interface SessionFactsProps {
  session: { startTime: string; endTime: string; location?: string | null; sessionType: string };
  /** What the people row says, for screen readers ('Attendees', 'Your apprentices expected'). */
  peopleLabel: string;
  children: ReactNode;
}

/** A live session card's facts: when, where (or its meeting link), and who is expected. */
export function SessionFacts({ session: s, peopleLabel, children }: SessionFactsProps) {
  return (
    <dl className="mt-2 grid gap-1 text-sm [&>*]:min-w-0">
      <div className="flex min-w-0 items-center gap-2">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <dt className="sr-only">When</dt>
        <dd>
          {formatDateTime(s.startTime)} – {formatDateTime(s.endTime)}
        </dd>
      </div>
      {s.location ? (
        <div className="flex min-w-0 items-center gap-2">
          {s.sessionType === 'online' ? (
            <Video aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          ) : (
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          )}
          <dt className="sr-only">{s.sessionType === 'online' ? 'Meeting link' : 'Location'}</dt>
          <dd className="truncate">{s.location}</dd>
        </div>
      ) : null}
      {/* min-w-0 on every row: a truncated list of attendees must not widen the card past a phone's width. */}
      <div className="flex min-w-0 items-center gap-2">
        <Users aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <dt className="sr-only">{peopleLabel}</dt>
        {children}
      </div>
    </dl>
  );
}
