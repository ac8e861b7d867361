import type { OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { emailBody, signInParagraphs } from '#server/lib/mail/templates.emails.ts';

/** A new account for an apprentice's employer contact: they sign progress reviews in it. */
export function employerContactEmail(input: {
  to: string;
  firstName: string | null;
  apprenticeName: string;
  temporaryPassword: string;
  publicUrl: string;
}): OutgoingEmail {
  const loginUrl = `${input.publicUrl}/login`;
  const lines = [
    `Hello ${input.firstName || 'there'},`,
    `You are the employer contact for ${input.apprenticeName}'s apprenticeship on TradeSkills. Progress reviews are signed by the apprentice, their tutor and you; we have made you an account to sign them in.`,
    ...signInParagraphs(input.to, input.temporaryPassword, loginUrl),
  ];
  return {
    kind: 'credentials',
    to: input.to,
    subject: 'Your TradeSkills login to sign apprenticeship reviews',
    ...emailBody(lines, { href: loginUrl, label: 'Sign in to TradeSkills' }),
  };
}

function notice(kind: string, to: string, subject: string, lines: string[], href: string, label: string) {
  return {
    kind,
    to,
    subject,
    ...emailBody(lines, { href, label }),
  } satisfies OutgoingEmail;
}

/** A team manager offers to be the apprentice's employer contact: nothing changes until the apprentice accepts. */
export function contactProposedEmail(input: {
  to: string;
  firstName: string | null;
  managerName: string;
  companyName: string;
  publicUrl: string;
}): OutgoingEmail {
  const url = `${input.publicUrl}/dashboard`;
  return notice(
    'employer_contact_proposed',
    input.to,
    `${input.managerName} asks to be your apprenticeship's employer contact`,
    [
      `Hello ${input.firstName || 'there'},`,
      `${input.managerName} (${input.companyName}) would like to be the employer contact for your apprenticeship on TradeSkills. The employer contact reads and signs your progress reviews.`,
      'Nothing changes unless you accept. Accept or decline in your portal.',
    ],
    url,
    'Open my portal',
  );
}

/** The apprentice's answer, to the manager who asked. */
export function contactAnsweredEmail(input: {
  to: string;
  firstName: string | null;
  apprenticeName: string;
  accepted: boolean;
  publicUrl: string;
}): OutgoingEmail {
  const url = `${input.publicUrl}/team`;
  return notice(
    input.accepted ? 'employer_contact_accepted' : 'employer_contact_declined',
    input.to,
    `${input.apprenticeName} ${input.accepted ? 'accepted' : 'declined'} you as employer contact`,
    [
      `Hello ${input.firstName || 'there'},`,
      input.accepted
        ? `${input.apprenticeName} accepted you as the employer contact for their apprenticeship: you will read and sign their progress reviews.`
        : `${input.apprenticeName} declined your offer to be the employer contact for their apprenticeship.`,
    ],
    url,
    'Open My team',
  );
}
