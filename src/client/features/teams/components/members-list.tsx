import { Handshake, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { formatDate } from '#shared/format.ts';
import type { TeamMember } from '#shared/schemas/teams.ts';
import { useProposeContact, useRevokeSeat } from '../api/team.ts';

/**
 * Members and their progress on the course of their seat. An invited member shows no progress until they accept;
 * unstarted seats can be taken back (after a confirmation: the member is emailed and loses the course).
 */
export function MembersList({ members }: { members: TeamMember[] }) {
  const revoke = useRevokeSeat();
  const [taking, setTaking] = useState<TeamMember | null>(null);
  if (members.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">No seats assigned yet. Assign them from an order above.</p>
    );
  }
  const invited = taking?.status === 'invited';
  return (
    <>
      <ul className="divide-y divide-border">
        {members.map((m) => (
          <li
            key={m.seatId}
            className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_auto] sm:items-center"
          >
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-semibold text-navy-950">
                <span className="truncate">
                  {m.firstName} {m.lastName}
                </span>
                {m.status === 'invited' ? <Badge variant="secondary">Invited</Badge> : null}
              </p>
              <p className="truncate text-sm text-muted-foreground">{m.email}</p>
              <p className="truncate text-xs text-muted-foreground">{m.courseTitle}</p>
            </div>
            {m.status === 'invited' ? (
              <p className="text-sm text-muted-foreground">
                Waiting for them to accept in their portal. Progress shows once they do.
              </p>
            ) : (
              <MemberProgress member={m} />
            )}
            <div className="flex flex-wrap gap-2 sm:justify-self-end">
              <ContactAction member={m} />
              {m.started ? (
                <span className="self-center text-xs text-muted-foreground">Started: seat kept</span>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setTaking(m)}
                  aria-label={`${m.status === 'invited' ? 'Withdraw the invitation of' : 'Take back the seat of'} ${m.firstName} ${m.lastName}`}
                >
                  <UserMinus aria-hidden="true" />
                  {m.status === 'invited' ? 'Withdraw' : 'Take back'}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={taking !== null}
        onOpenChange={(open) => (open ? null : setTaking(null))}
        title={
          invited
            ? `Withdraw the seat offered to ${taking?.firstName} ${taking?.lastName}?`
            : `Take back the seat of ${taking?.firstName} ${taking?.lastName}?`
        }
        description={
          invited
            ? `${taking?.email} is emailed that the offer was withdrawn. The seat is free to give to someone else.`
            : `${taking?.email} loses ${taking?.courseTitle} (unless they had it before) and is emailed that their employer withdrew it. The seat is free to give to someone else.`
        }
        confirmLabel={invited ? 'Withdraw offer' : 'Take back seat'}
        busy={revoke.isPending}
        onConfirm={() => {
          if (!taking) return;
          const member = taking;
          revoke.mutate(member.seatId, {
            onSuccess: () => {
              setTaking(null);
              toast({ title: 'Seat freed', description: `${member.email} no longer has this seat.` });
            },
            onError: (error) =>
              toast({
                title: 'Could not free the seat',
                description: getErrorMessage(error, 'Try again'),
                variant: 'destructive',
              }),
          });
        }}
      />
    </>
  );
}

function MemberProgress({ member: m }: { member: TeamMember }) {
  return (
    <div className="min-w-0 text-sm">
      <div className="flex items-center gap-2">
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className="h-full rounded-full bg-safety-500" style={{ width: `${m.progressPercent}%` }} />
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
  );
}

/** An apprentice with no employer contact: the manager may offer to be it; the apprentice decides. */
function ContactAction({ member: m }: { member: TeamMember }) {
  const propose = useProposeContact();
  if (m.employerContact === 'you') return <Badge variant="success">Employer contact</Badge>;
  if (m.employerContact === 'proposed') return <Badge variant="secondary">Contact offer sent</Badge>;
  if (m.employerContact !== 'can_propose') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={propose.isPending}
      onClick={() =>
        propose.mutate(m.seatId, {
          onSuccess: () =>
            toast({
              title: 'Offer sent',
              description: `${m.firstName} decides in their portal whether you become their employer contact.`,
            }),
          onError: (error) =>
            toast({
              title: 'Could not send the offer',
              description: getErrorMessage(error, 'Try again'),
              variant: 'destructive',
            }),
        })
      }
      aria-label={`Offer to be the employer contact of ${m.firstName} ${m.lastName}`}
    >
      <Handshake aria-hidden="true" />
      Be their employer contact
    </Button>
  );
}
