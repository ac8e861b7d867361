import type { OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { emailBody } from '#server/lib/mail/templates.emails.ts';
import { STAFF_INVITATION_TTL_DAYS } from '#shared/constants.ts';

/** The staff invitation: a single-use link where the invitee sets their password (docs/staff.md). */
export function staffInvitationEmail(input: {
  to: string;
  firstName: string;
  roles: readonly string[];
  link: string;
}): OutgoingEmail {
  const lines = [
    `Hello ${input.firstName},`,
    `You have been invited to the TradeSkills team as ${input.roles.join(', ')}.`,
    `Open this link to choose your password (it works once, for ${STAFF_INVITATION_TTL_DAYS} days): ${input.link}`,
  ];
  return {
    kind: 'staff-invitation',
    to: input.to,
    subject: 'Your invitation to the TradeSkills team',
    ...emailBody(lines, { href: input.link, label: 'Accept the invitation' }),
  };
}
