import { SUPPORT_EMAIL } from '#shared/constants.ts';
import type { OutgoingEmail } from './outbox.service.ts';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A plain, readable HTML body from paragraphs; lines are escaped, links become anchors. */
export function layoutHtml(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const button = link
    ? `<p style="margin:20px 0"><a href="${escapeHtml(link.href)}" style="background:#1e3a5f;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><p style="font-size:20px;font-weight:bold;color:#1e3a5f;margin:0 0 18px">TradeSkills</p>${body}${button}</body></html>`;
}

/** An email's two bodies from its paragraphs: the plain text, and the same paragraphs in the branded HTML layout. */
export function emailBody(paragraphs: string[], link?: { href: string; label: string }) {
  return { text: `${paragraphs.join('\n\n')}\n`, html: layoutHtml(paragraphs, link) };
}

/** How to sign in with a temporary password: every email that carries one says it the same way. */
export function signInParagraphs(to: string, temporaryPassword: string, loginUrl: string): string[] {
  return [
    `Email: ${to}\nTemporary password: ${temporaryPassword}`,
    `Sign in at ${loginUrl}. You will be asked to choose a new password the first time you sign in. The temporary password expires in 7 days; after that use 'Forgot password?' on the sign-in page.`,
  ];
}

export function credentialsEmail(input: {
  to: string;
  firstName: string | null;
  courseTitle: string;
  temporaryPassword: string;
  publicUrl: string;
  /** A purchase's confirmation (orderConfirmationParagraphs). */
  extra?: string[];
}): OutgoingEmail {
  const loginUrl = `${input.publicUrl}/login`;
  const lines = [
    `Hello ${input.firstName || 'there'},`,
    `Welcome to TradeSkills! Your account for ${input.courseTitle} is ready.`,
    ...signInParagraphs(input.to, input.temporaryPassword, loginUrl),
    ...(input.extra ?? []),
  ];
  return {
    kind: 'credentials',
    to: input.to,
    subject: `Your TradeSkills login for ${input.courseTitle}`,
    ...emailBody(lines, { href: loginUrl, label: 'Sign in to TradeSkills' }),
  };
}

export function courseAddedEmail(input: {
  to: string;
  firstName: string | null;
  courseTitle: string;
  publicUrl: string;
  extra?: string[];
}): OutgoingEmail {
  const loginUrl = `${input.publicUrl}/login`;
  const lines = [
    `Hello ${input.firstName || 'there'},`,
    `${input.courseTitle} has been added to your TradeSkills account.`,
    `Sign in with your existing email and password at ${loginUrl} to start learning.`,
    ...(input.extra ?? []),
  ];
  return {
    kind: 'course_added',
    to: input.to,
    subject: `${input.courseTitle} has been added to your TradeSkills account`,
    ...emailBody(lines, { href: loginUrl, label: 'Go to my courses' }),
  };
}

/** A purchase by an account that already had the course: no welcome email goes, so the receipt goes on its own. */
export function purchaseReceiptEmail(input: {
  to: string;
  firstName: string | null;
  courseTitle: string;
  publicUrl: string;
  extra: string[];
}): OutgoingEmail {
  const accountUrl = `${input.publicUrl}/account`;
  const lines = [
    `Hello ${input.firstName || 'there'},`,
    `Thank you for your payment for ${input.courseTitle}, which is already in your TradeSkills account. This is your receipt.`,
    ...input.extra,
  ];
  return {
    kind: 'purchase_receipt',
    to: input.to,
    subject: `Your receipt for ${input.courseTitle}`,
    ...emailBody(lines, { href: accountUrl, label: 'See my orders' }),
  };
}

export function passwordResetEmail(input: {
  to: string;
  firstName: string | null;
  resetUrl: string;
  validMinutes: number;
}): OutgoingEmail {
  const lines = [
    `Hello ${input.firstName || 'there'},`,
    'Someone (we hope you) asked to reset the password of the TradeSkills account for this email address.',
    `Choose a new password here: ${input.resetUrl}`,
    `The link works once and expires in ${input.validMinutes} minutes. If you did not ask for it, ignore this email: your password stays the same.`,
  ];
  return {
    kind: 'password_reset',
    to: input.to,
    subject: 'Reset your TradeSkills password',
    ...emailBody(lines, { href: input.resetUrl, label: 'Choose a new password' }),
  };
}

/** Sent after a password change or reset; it never contains the password. */
export function passwordChangedEmail(input: {
  to: string;
  firstName: string | null;
  how: 'changed' | 'reset';
  when: string;
  publicUrl: string;
}): OutgoingEmail {
  const forgotUrl = `${input.publicUrl}/forgot-password`;
  const lines = [
    `Hello ${input.firstName || 'there'},`,
    `The password of your TradeSkills account (${input.to}) was ${input.how === 'reset' ? 'reset with an emailed link' : 'changed'} on ${input.when} (UK time). Every other device signed in to the account has been signed out.`,
    `If this was you, there is nothing more to do.`,
    `If it was not you, set a new password straight away at ${forgotUrl} and let us know at ${SUPPORT_EMAIL}.`,
  ];
  return {
    kind: 'password_changed',
    to: input.to,
    subject: 'Your TradeSkills password was changed',
    ...emailBody(lines, { href: forgotUrl, label: 'This was not me: reset my password' }),
  };
}

/**
 * The durable confirmation of a purchase (Consumer Contracts Regulations 2013 reg 16;
 * docs/product.md#refunds-cancellations-and-credit-notes): the order, the consent to immediate access and when it was given, the
 * cancellation terms, and the model cancellation form of Schedule 3. Appended to the purchase's welcome email.
 */
export function orderConfirmationParagraphs(input: {
  orderReference: string;
  courseTitle: string;
  amount: string;
  schedule: string | null;
  /** The VAT invoice's number when one was issued (the supplier is VAT registered). */
  invoiceNumber?: string | null;
  consent: { wording: string; at: Date } | null;
  supplier: { companyName: string; companyAddress: string };
  accountUrl: string;
  cancellationDays: number;
}): string[] {
  const address = input.supplier.companyAddress
    .split(',')
    .map((line) => line.trim())
    .join(', ');
  return [
    `Your order ${input.orderReference}: ${input.courseTitle}, ${input.amount}${input.schedule ? ` (${input.schedule})` : ''}.`,
    ...(input.invoiceNumber
      ? [
          `Your VAT invoice ${input.invoiceNumber} is under Billing on your account page (${input.accountUrl}), ready to download.`,
        ]
      : []),
    input.consent
      ? `You asked to start at once. At ${input.consent.at.toISOString().slice(0, 16).replace('T', ' ')} UTC you ticked: "${input.consent.wording}"`
      : 'You have not asked to start at once.',
    `Your right to cancel: you may cancel within ${input.cancellationDays} days of today for a full refund, as long as you have not started the course (opened a topic or attended a live session); once you start, you lose the right to cancel, as you acknowledged. Cancel from Billing on your account page (${input.accountUrl}), or tell us by email or post using the form below. We refund within 14 days, to the card you paid with.`,
    `Model cancellation form (complete and return this form only if you wish to cancel the contract)\nTo: ${input.supplier.companyName}, ${address}\nI hereby give notice that I cancel my contract for the supply of the following digital content/service: ${input.courseTitle} (order ${input.orderReference})\nOrdered on:\nName of consumer:\nAddress of consumer:\nSignature of consumer (only if this form is notified on paper):\nDate:`,
  ];
}
