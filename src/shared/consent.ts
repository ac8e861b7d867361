import { z } from 'zod';
import { text } from './schemas/common.ts';

// Express consent to immediate access, with the buyer's acknowledgement that starting ends the right to cancel
// (Consumer Contracts Regulations 2013 regs 36-37; docs/product.md#refunds-cancellations-and-credit-notes). The
// wording lives here only; a change of wording is a new version, and the server stores the version each buyer
// agreed to.
export const IMMEDIATE_ACCESS_CONSENT = {
  version: '2026-11-25',
  wording: 'Start my course now. I understand I lose my right to cancel once I start.',
} as const;

export const CONSENT_REQUIRED_MESSAGE =
  'Please tick the box to start your course now: we cannot take payment without it.';

/** Days after the purchase in which a buyer who has not started may cancel for a full refund. */
export const CANCELLATION_DAYS = 14;

/** The body field of the payment-start requests. Optional here: the service answers CONSENT_REQUIRED itself. */
export const consentSchema = z.object({
  immediateAccess: z.boolean(),
  wordingVersion: text().trim().max(40),
});
export type ConsentInput = z.infer<typeof consentSchema>;

/** What a payment page sends when the box is ticked. */
export function consentGiven(): ConsentInput {
  return { immediateAccess: true, wordingVersion: IMMEDIATE_ACCESS_CONSENT.version };
}

/** The order reference a buyer sees on receipts and emails: the payment's id, shortened ("TS-1A2B3C4D"). */
export function orderReference(paymentId: string): string {
  return `TS-${paymentId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}
