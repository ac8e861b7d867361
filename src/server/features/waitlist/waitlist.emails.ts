import type { OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { emailBody } from '#server/lib/mail/templates.emails.ts';

// The waitlist's two emails (docs/product.md#waitlist); each carries its unsubscribe link.

const unsubscribeLine = (url: string) => `Don't want these emails? Unsubscribe: ${url}`;

export function waitlistConfirmEmail(input: {
  to: string;
  courseTitle: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): OutgoingEmail {
  const lines = [
    'Hello,',
    `You asked to hear when ${input.courseTitle} opens at TradeSkills.`,
    `Please confirm your email address: ${input.confirmUrl}`,
    'If you did not ask for this, ignore this email: without a confirmation we will not write again.',
    unsubscribeLine(input.unsubscribeUrl),
  ];
  return {
    kind: 'waitlist_confirm',
    to: input.to,
    subject: `Confirm: tell me when ${input.courseTitle} opens`,
    ...emailBody(lines, { href: input.confirmUrl, label: 'Confirm my email' }),
  };
}

export function waitlistOpenEmail(input: {
  to: string;
  courseTitle: string;
  courseUrl: string;
  unsubscribeUrl: string;
}): OutgoingEmail {
  const lines = [
    'Hello,',
    `Good news: ${input.courseTitle} is now open for enrolment at TradeSkills.`,
    `See the course: ${input.courseUrl}`,
    'This is the only email we send about it.',
    unsubscribeLine(input.unsubscribeUrl),
  ];
  return {
    kind: 'waitlist_open',
    to: input.to,
    subject: `${input.courseTitle} is now open`,
    ...emailBody(lines, { href: input.courseUrl, label: 'See the course' }),
  };
}
