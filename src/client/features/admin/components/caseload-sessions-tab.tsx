import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { staffKeys, useCaseloadSessions } from '../api/staff-api.ts';
import { EmptyState } from './empty-state.tsx';
import { RegisterDialog } from './register-dialog.tsx';
import { SessionFacts } from './session-facts.tsx';

/**
 * A tutor's Live Sessions (docs/staff.md): the sessions their apprentices are expected at, from 30 days back, each
 * with its register, which lists and marks only the tutor's own apprentices. Scheduling stays with admins and the
 * course's instructors.
 */
export function CaseloadSessionsTab() {
  const { data: sessions, isLoading } = useCaseloadSessions();
  const [registerFor, setRegisterFor] = useState<string | null>(null);
  const client = useQueryClient();
  return (
    <section aria-labelledby="caseload-sessions-heading" className="grid gap-4 [&>*]:min-w-0">
      <div>
        <h2 id="caseload-sessions-heading" className="text-lg font-bold text-navy-900">
          Your apprentices' sessions
        </h2>
        <p className="text-sm text-muted-foreground">
          Take the register for your apprentices: those marked present get the session as approved off-the-job
          hours.
        </p>
      </div>
      {isLoading ? (
        <Skeleton className="h-32" />
      ) : !sessions?.length ? (
        <EmptyState icon={CalendarDays} title="No sessions for your apprentices">
          Sessions of your apprentices' courses, and those they are invited to, appear here.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2 [&>*]:min-w-0">
          {sessions.map((s) => {
            const past = new Date(s.endTime) < new Date();
            return (
              <li
                key={s.id}
                className="flex flex-col rounded-xl border border-border bg-card p-4 shadow-card"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={s.sessionType === 'online' ? 'secondary' : 'accent'}>
                    {s.sessionType === 'online' ? 'Online' : 'In person'}
                  </Badge>
                  {s.takenAt ? (
                    <Badge variant="success">Register taken</Badge>
                  ) : past ? (
                    <Badge variant="outline">Finished</Badge>
                  ) : (
                    <Badge variant="secondary">Upcoming</Badge>
                  )}
                </div>
                <h3 className="mt-2 font-semibold text-navy-900">{s.title}</h3>
                {s.courseTitle ? <p className="text-sm text-muted-foreground">{s.courseTitle}</p> : null}
                <SessionFacts session={s} peopleLabel="Your apprentices expected">
                  <dd>{s.expected} of your apprentices</dd>
                </SessionFacts>
                <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRegisterFor(s.id)}
                    aria-label={`Register: ${s.title}`}
                  >
                    <ClipboardCheck /> Register
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <RegisterDialog
        sessionId={registerFor}
        onClose={() => setRegisterFor(null)}
        onSaved={() => void client.invalidateQueries({ queryKey: staffKeys.caseloadSessions })}
      />
    </section>
  );
}
