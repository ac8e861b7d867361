import { UserMinus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { formatDate } from '#shared/format.ts';
import type { TeamMember } from '#shared/schemas/teams.ts';
import { useRevokeSeat } from '../api/team.ts';

/** Members and their progress on the course of their seat; unstarted seats can be taken back. */
export function MembersList({ members }: { members: TeamMember[] }) {
  const revoke = useRevokeSeat();
  if (members.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">No seats assigned yet. Assign them from an order above.</p>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {members.map((m) => (
        <li
          key={m.seatId}
          className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_auto] sm:items-center"
        >
          <div className="min-w-0">
            <p className="truncate font-semibold text-navy-950">
              {m.firstName} {m.lastName}
            </p>
            <p className="truncate text-sm text-muted-foreground">{m.email}</p>
            <p className="truncate text-xs text-muted-foreground">{m.courseTitle}</p>
          </div>
          <div className="min-w-0 text-sm">
            <div className="flex items-center gap-2">
              <div className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-safety-500"
                  style={{ width: `${m.progressPercent}%` }}
                />
              </div>
              <span className="w-10 text-right font-semibold text-navy-950">{m.progressPercent}%</span>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">
              {m.topicsDone}/{m.topicsTotal} topics
              {m.quizzes.length
                ? ` · quizzes ${m.quizzes.map((q) => `${q.bestScore}%${q.passed ? ' ✓' : ''}`).join(', ')}`
                : ''}
              {' · '}
              {m.completedAt
                ? `completed ${formatDate(m.completedAt)}`
                : m.lastActiveAt
                  ? `last active ${formatDate(m.lastActiveAt)}`
                  : 'not started'}
            </p>
          </div>
          <div className="sm:justify-self-end">
            {m.started ? (
              <span className="text-xs text-muted-foreground">Started: seat kept</span>
            ) : (
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(m.seatId, {
                    onSuccess: () =>
                      toast({ title: 'Seat freed', description: `${m.email} no longer has this seat.` }),
                    onError: (error) =>
                      toast({
                        title: 'Could not free the seat',
                        description: getErrorMessage(error, 'Try again'),
                        variant: 'destructive',
                      }),
                  })
                }
                aria-label={`Take back the seat of ${m.firstName} ${m.lastName}`}
              >
                <UserMinus aria-hidden="true" />
                Take back
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
