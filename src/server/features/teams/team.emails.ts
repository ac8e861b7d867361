import type { OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { emailBody } from '#server/lib/mail/templates.emails.ts';
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
    ...emailBody(lines, link),
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

/** A signed-out invoice order in this address: nothing happens until its owner confirms (24 hours). */
export function confirmOrderEmail(input: {
  to: string;
  firstName: string;
  companyName: string;
  courseTitle: string;
  seats: number;
  amountPence: number;
  confirmUrl: string;
}): OutgoingEmail {
  return email(
    'team_order_confirm',
    input.to,
    `Confirm your order of ${input.seats} seats on ${input.courseTitle}`,
    [
      `Hello ${input.firstName},`,
      `An order of ${input.seats} seats on ${input.courseTitle} for ${input.companyName}, ${formatPrice(input.amountPence, 'pence')} by invoice, was placed in this email address on TradeSkills.`,
      'If it was you, confirm it within 24 hours: we then email the invoice and you manage the team. The link works once.',
      'If it was not you, ignore this email: the order is removed and nothing is charged.',
      input.confirmUrl,
    ],
    { href: input.confirmUrl, label: 'Confirm the order' },
  );
}

/** A manager offers an existing account a seat: it is enrolled only if it accepts. */
export function seatInvitationEmail(input: {
  to: string;
  firstName: string | null;
  managerName: string;
  companyName: string;
  courseTitle: string;
  publicUrl: string;
}): OutgoingEmail {
  const url = `${input.publicUrl}/dashboard`;
  return email(
    'seat_invitation',
    input.to,
    `${input.managerName} offers you a seat on ${input.courseTitle}`,
    [
      `Hello ${input.firstName || 'there'},`,
      `${input.managerName} (${input.companyName}) offers you a seat on ${input.courseTitle} on TradeSkills. If you accept, the course is added to your account and ${input.companyName} sees your progress on it (never your other courses or messages).`,
      'Accept or decline in your portal. Nothing changes unless you accept.',
    ],
    { href: url, label: 'Open my portal' },
  );
}

/** The member's seat was taken back: what it means for them. */
export function seatWithdrawnEmail(input: {
  to: string;
  firstName: string | null;
  companyName: string;
  courseTitle: string;
  outcome: 'invitation' | 'course_removed' | 'course_kept';
  publicUrl: string;
}): OutgoingEmail {
  const body = {
    invitation: `${input.companyName} has withdrawn its offer of a seat on ${input.courseTitle}.`,
    course_removed: `${input.companyName} has taken back your seat on ${input.courseTitle}, so the course is no longer in your account. If you think this is a mistake, speak to your employer.`,
    course_kept: `${input.companyName} has taken back your seat on ${input.courseTitle}. You keep the course, which you had before, and ${input.companyName} no longer sees your progress on it.`,
  }[input.outcome];
  return email(
    'seat_withdrawn',
    input.to,
    input.outcome === 'invitation'
      ? `Seat offer withdrawn: ${input.courseTitle}`
      : `Your seat on ${input.courseTitle} was withdrawn by your employer`,
    [`Hello ${input.firstName || 'there'},`, body],
    { href: `${input.publicUrl}/dashboard`, label: 'Open my portal' },
  );
}

/** The member's answer to a seat offer, to the manager. */
export function seatAnsweredEmail(input: {
  to: string;
  firstName: string | null;
  memberName: string;
  courseTitle: string;
  accepted: boolean;
  publicUrl: string;
}): OutgoingEmail {
  return email(
    input.accepted ? 'seat_accepted' : 'seat_declined',
    input.to,
    `${input.memberName} ${input.accepted ? 'accepted' : 'declined'} a seat on ${input.courseTitle}`,
    [
      `Hello ${input.firstName || 'there'},`,
      input.accepted
        ? `${input.memberName} accepted the seat on ${input.courseTitle}; their progress appears on your team page.`
        : `${input.memberName} declined the seat on ${input.courseTitle}; the seat is free to give to someone else.`,
    ],
    { href: `${input.publicUrl}/team`, label: 'Open My team' },
  );
}
