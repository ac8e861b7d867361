import type { OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { layoutHtml, signInParagraphs } from '#server/lib/mail/templates.ts';

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
    text: `${lines.join('\n\n')}\n`,
    html: layoutHtml(lines, { href: loginUrl, label: 'Sign in to TradeSkills' }),
  };
}
