import type { OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { layoutHtml } from '#server/lib/mail/templates.ts';
import { formatPrice } from '#shared/format.ts';
import { INVOICE_PAYMENT_TERMS_DAYS, invoiceLabel } from '#shared/schemas/teams.ts';

function email(
  kind: string,
  to: string,
  subject: string,
  lines: string[],
  link?: { href: string; label: string },
) {
  return {
    kind,
    to,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: layoutHtml(lines, link),
  } satisfies OutgoingEmail;
}

/** A new team manager's sign-in details (the buyer had no account). */
export function managerCredentialsEmail(input: {
  to: string;
  firstName: string;
  companyName: string;
  temporaryPassword: string;
  publicUrl: string;
}): OutgoingEmail {
  const loginUrl = `${input.publicUrl}/login`;
  return email(
    'team_manager_credentials',
    input.to,
    'Your TradeSkills team manager login',
    [
      `Hello ${input.firstName},`,
      `You can now manage ${input.companyName}'s training on TradeSkills: assign seats to your team, follow their progress and download invoices.`,
      `Email: ${input.to}\nTemporary password: ${input.temporaryPassword}`,
      `Sign in at ${loginUrl}. You will be asked to choose a new password the first time you sign in. The temporary password expires in 7 days; after that use 'Forgot password?' on the sign-in page.`,
    ],
    { href: loginUrl, label: 'Sign in to TradeSkills' },
  );
}

/** The buyer already had an account: it now manages the team too (same sign-in, no new password). */
export function managerAddedEmail(input: {
  to: string;
  firstName: string;
  companyName: string;
  publicUrl: string;
}): OutgoingEmail {
  const teamUrl = `${input.publicUrl}/team`;
  return email(
    'team_manager_added',
    input.to,
    'You now manage a team on TradeSkills',
    [
      `Hello ${input.firstName},`,
      `Your TradeSkills account now manages ${input.companyName}'s training: assign seats to your team, follow their progress and download invoices.`,
      `Sign in with your usual email and password and open My team (${teamUrl}).`,
    ],
    { href: teamUrl, label: 'Open My team' },
  );
}

/** What the invoice and receipt emails say about the order. */
export interface OrderMail {
  to: string;
  firstName: string;
  number: number;
  amountPence: number;
  courseTitle: string;
  seats: number;
  publicUrl: string;
}

/** An invoice order: the invoice attached, with the terms. */
export function invoiceIssuedEmail(input: OrderMail): OutgoingEmail {
  return email(
    'team_invoice',
    input.to,
    `Invoice ${invoiceLabel(input.number)} for ${input.seats} seats on ${input.courseTitle}`,
    [
      `Hello ${input.firstName},`,
      `Thank you for your order of ${input.seats} seats on ${input.courseTitle}. Invoice ${invoiceLabel(input.number)} for ${formatPrice(input.amountPence, 'pence')} is attached; payment is due within ${INVOICE_PAYMENT_TERMS_DAYS} days.`,
      'Your seats can be assigned as soon as the payment has been received.',
    ],
    { href: `${input.publicUrl}/team`, label: 'Open my team' },
  );
}

/** Paid (card or invoice): the receipt attached. */
export function receiptEmail(input: OrderMail): OutgoingEmail {
  return email(
    'team_receipt',
    input.to,
    `Receipt for ${invoiceLabel(input.number)}: ${input.seats} seats on ${input.courseTitle}`,
    [
      `Hello ${input.firstName},`,
      `We have received your payment of ${formatPrice(input.amountPence, 'pence')} for ${input.seats} seats on ${input.courseTitle}. The receipt is attached.`,
      'You can now assign the seats to your team from your team page.',
    ],
    { href: `${input.publicUrl}/team`, label: 'Assign seats' },
  );
}
