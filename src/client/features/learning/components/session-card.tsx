import { CalendarDays, CalendarPlus, MapPin, Video } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatDateTime } from '#shared/format.ts';
import type { UpcomingSession } from '#shared/schemas/live-sessions.ts';

const timeOnly = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Europe/London',
});

export function sessionWhen(session: Pick<UpcomingSession, 'startTime' | 'endTime'>): string {
  return `${formatDateTime(session.startTime)} – ${timeOnly.format(new Date(session.endTime)).replace(/\s?(am|pm)$/i, (s) => ` ${s.trim().toLowerCase()}`)}`;
}

/** One live session; 'Enrolled' is highlighted when the student is on the list (docs/product.md#live-sessions). */
export function SessionCard({ session, compact = false }: { session: UpcomingSession; compact?: boolean }) {
  const enrolled = session.status === 'enrolled';
  const online = session.sessionType === 'online';
  return (
    <Card
      className={cn(
        'flex flex-col gap-2',
        compact ? 'p-3 shadow-none' : 'p-4 sm:p-5',
        enrolled && 'border-safety-300',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className={cn('leading-snug font-semibold', compact ? 'text-sm' : 'text-base')}>
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
      {session.location ? (
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
      {!compact && enrolled ? (
        // Attendees get a calendar file (GET /api/sessions/{id}/ics answers attendees and admins).
        <a
          href={`/api/sessions/${session.id}/ics`}
          download
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-navy-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-safety-500"
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Add to calendar
        </a>
      ) : null}
    </Card>
  );
}
