import type { OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { emailBody } from '#server/lib/mail/templates.emails.ts';

export function certificateIssuedEmail(input: {
  to: string;
  firstName: string | null;
  courseTitle: string;
  verifyUrl: string;
  dashboardUrl: string;
}): OutgoingEmail {
  const lines = [
    `Hello ${input.firstName || 'there'},`,
    `Congratulations: you have completed ${input.courseTitle}, and your CPD certificate of completion is ready.`,
    `Anyone can check it at ${input.verifyUrl}`,
    `Download the PDF, add it to your LinkedIn profile or save the digital badge from My certificates: ${input.dashboardUrl}`,
  ];
  return {
    kind: 'certificate_issued',
    to: input.to,
    subject: `Your certificate for ${input.courseTitle}`,
    ...emailBody(lines, { href: input.dashboardUrl, label: 'View my certificate' }),
  };
}
