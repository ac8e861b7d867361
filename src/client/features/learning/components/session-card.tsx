import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus, MapPin, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { failureToast } from '#client/lib/error-toast.ts';
import { cn } from '#client/lib/utils.ts';
import { JOIN_OPENS_MINUTES_BEFORE } from '#shared/constants.ts';
import { formatDateTime } from '#shared/format.ts';
import type { UpcomingSession } from '#shared/schemas/live-sessions.ts';
import { answerRsvp } from '../api/learning.ts';

const timeOnly = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Europe/London',
});

export function sessionWhen(session: Pick<UpcomingSession, 'startTime' | 'endTime'>): string {
  return `${formatDateTime(session.startTime)} – ${timeOnly.format(new Date(session.endTime)).replace(/\s?(am|pm)$/i, (s) => ` ${s.trim().toLowerCase()}`)}`;
}

/**
 * One live session; 'Enrolled' is highlighted when the student is on the list (docs/product.md#live-sessions). The
 * full card adds the join link, the calendar file and 'Will you attend?'.
 */
export function SessionCard({ session, compact = false }: { session: UpcomingSession; compact?: boolean }) {
  const enrolled = session.status === 'enrolled';
  const online = session.sessionType === 'online';
  const headingId = useId();
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-2',
        compact ? 'p-3 shadow-none' : 'p-4 sm:p-5',
        enrolled && 'border-safety-300',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className={cn('leading-snug font-semibold', compact ? 'text-sm' : 'text-base')}>
          {session.title}
        </h3>
        {enrolled ? (
          <Badge variant="accent">Enrolled</Badge>
        ) : (
          <Badge variant="outline">{online ? 'Online' : 'In person'}</Badge>
        )}
      </div>
      {!compact && session.description ? (
        <p className="text-sm text-muted-foreground">{session.description}</p>
      ) : null}
      <p className="flex items-center gap-2 text-sm text-navy-800">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {sessionWhen(session)}
      </p>
      {session.location && !(online && /^https?:\/\//i.test(session.location)) ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          {online ? (
            <Video aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
          )}
          {session.location}
        </p>
      ) : null}
      {!compact && session.courseTitle ? (
        <p className="text-xs text-muted-foreground">{session.courseTitle}</p>
      ) : null}
      {!compact ? <SessionActions session={session} /> : null}
    </Card>
  );
}

/** Join (from 15 minutes before), Add to calendar (any session shown) and 'Will you attend?'. */
function SessionActions({ session }: { session: UpcomingSession }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const answer = async (attending: boolean) => {
    setPending(true);
    try {
      await answerRsvp(queryClient, session.id, attending);
    } catch (error) {
      failureToast('Could not save your answer', error, 'Please try again.');
    } finally {
      setPending(false);
    }
  };
  const online = session.sessionType === 'online';
  return (
    <div className="mt-1 flex flex-col gap-3 border-t pt-3">
      {session.joinUrl ? (
        <Button asChild variant="accent" className="w-full sm:w-fit">
          <a href={session.joinUrl} target="_blank" rel="noopener noreferrer">
            <Video aria-hidden="true" />
            Join session
          </a>
        </Button>
      ) : online && session.location ? (
        <p className="text-xs text-muted-foreground">
          The join link appears {JOIN_OPENS_MINUTES_BEFORE} minutes before the start.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <a
          href={`/api/sessions/${session.id}/ics`}
          download
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-navy-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-safety-500"
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Add to calendar
        </a>
        <fieldset className="flex items-center gap-2" aria-label={`Will you attend ${session.title}?`}>
          <legend className="sr-only">Will you attend?</legend>
          <span aria-hidden="true" className="text-sm text-muted-foreground">
            Attending?
          </span>
          {([true, false] as const).map((value) => (
            <Button
              key={String(value)}
              size="sm"
              variant={session.attending === value ? 'default' : 'outline'}
              aria-pressed={session.attending === value}
              disabled={pending}
              onClick={() => void answer(value)}
            >
              {value ? 'Yes' : 'No'}
            </Button>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
