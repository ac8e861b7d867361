import { Handshake, UserPlus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import type { Invitation } from '#shared/schemas/teams.ts';
import { useAnswerInvitation, useInvitations } from '../api/invitations.ts';

/**
 * The portal's invitations (docs/team-seats.md "Seats"): a seat an employer offers, or a manager asking to be the
 * apprentice's employer contact. Nothing changes until the account answers here.
 */
export function InvitationsCard() {
  const { data } = useInvitations();
  if (!data?.length) return null;
  return (
    <section aria-label="Invitations" className="flex flex-col gap-3">
      {data.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const answer = useAnswerInvitation();
  const seat = invitation.kind === 'seat';
  const Icon = seat ? UserPlus : Handshake;
  const who = `${invitation.from}${invitation.companyName && invitation.companyName !== invitation.from ? ` (${invitation.companyName})` : ''}`;
  // mutateAsync, not mutate's callbacks: answering removes this row (the invitations list refetches), and
  // React Query skips per-call callbacks of an unmounted observer, which would swallow the toast.
  function respond(accept: boolean) {
    answer.mutateAsync({ id: invitation.id, accept }).then(
      () =>
        toast({
          title: accept ? (seat ? 'Seat accepted' : 'Employer contact accepted') : 'Invitation declined',
          description: accept
            ? seat
              ? `${invitation.courseTitle} is now in your courses.`
              : `${invitation.from} will sign your progress reviews.`
            : `${invitation.from} has been told.`,
        }),
      (error) =>
        toast({
          title: 'Could not answer the invitation',
          description: getErrorMessage(error, 'Try again'),
          variant: 'destructive',
        }),
    );
  }
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-safety-300 bg-safety-50 p-4 shadow-xs sm:flex-row sm:items-center sm:p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-white text-safety-700 shadow-xs">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-navy-950">
          {seat
            ? `${who} offers you a seat on ${invitation.courseTitle}`
            : `${who} asks to be your employer contact`}
        </h2>
        <p className="mt-1 text-sm text-navy-800">
          {seat
            ? `If you accept, the course is added to your account and ${invitation.companyName || 'your employer'} sees your progress on it, never your other courses or messages.`
            : 'If you accept, they read and sign your apprenticeship progress reviews as your employer.'}
        </p>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <Button
          className="flex-1 sm:flex-none"
          disabled={answer.isPending}
          onClick={() => respond(true)}
          aria-label={`Accept: ${seat ? invitation.courseTitle : 'employer contact'}`}
        >
          Accept
        </Button>
        <Button
          className="flex-1 sm:flex-none"
          variant="outline"
          disabled={answer.isPending}
          onClick={() => respond(false)}
          aria-label={`Decline: ${seat ? invitation.courseTitle : 'employer contact'}`}
        >
          Decline
        </Button>
      </div>
    </article>
  );
}
