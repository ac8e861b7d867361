import { z } from 'zod';
import { consentSchema } from '../consent.ts';
import { PAYMENT_PLANS, PURCHASE_EXPERIENCE_LEVELS } from '../constants.ts';
import { text } from './common.ts';
import { discountCodeField } from './discounts.ts';

// One set of rules for the purchase form and the server (docs/decisions/0010-shared-zod-schemas.md). A value blank after trimming is
// missing; the messages are docs/product.md#checkout's.
export const MISSING_INFORMATION = 'Please fill in all required fields';
export const INVALID_EMAIL = 'Please enter a valid email address';

const required = (max: number) => text().trim().min(1, MISSING_INFORMATION).max(max);
const optional = (max: number) => text().trim().max(max).optional().default('');

export const studentDataSchema = z.object({
  firstName: required(100),
  lastName: required(100),
  email: required(320).pipe(z.email(INVALID_EMAIL)),
  phoneNumber: required(40),
  company: optional(200),
  jobTitle: optional(200),
  experienceLevel: z.enum(PURCHASE_EXPERIENCE_LEVELS, MISSING_INFORMATION),
});
export type StudentData = z.infer<typeof studentDataSchema>;

/** The buyer-details rules for a course type: upskill courses also need company and job title. */
export function studentDataSchemaFor(courseType: 'fundamental' | 'upskill') {
  return studentDataSchema.superRefine((data, ctx) => {
    if (courseType !== 'upskill') return;
    for (const field of ['company', 'jobTitle'] as const) {
      if (!data[field]) ctx.addIssue({ code: 'custom', path: [field], message: MISSING_INFORMATION });
    }
  });
}

export const paymentPlanSchema = z.enum(PAYMENT_PLANS);

export const createCoursePaymentSchema = z.object({
  courseId: text().trim().min(1, 'No course selected for checkout').max(100),
  studentData: studentDataSchema,
  plan: paymentPlanSchema.optional().default('onetime'),
  /** Express consent to immediate access (src/shared/consent.ts); without it the answer is CONSENT_REQUIRED. */
  consent: consentSchema.optional(),
  /** Priced by the server (docs/product.md#discount-codes-and-team-prices). */
  discountCode: discountCodeField,
});

export const createPaymentIntentSchema = z.object({
  courseId: text().trim().min(1, 'No course selected for checkout').max(100),
  plan: paymentPlanSchema.optional().default('onetime'),
  consent: consentSchema.optional(),
  discountCode: discountCodeField,
});

export const paymentIntentResponseSchema = z.object({
  clientSecret: text(),
  paymentIntentId: text(),
  courseTitle: text(),
  /** Charged now, pounds as a decimal string ("995.00"). */
  amount: text(),
  currency: z.literal('gbp'),
  plan: paymentPlanSchema,
  /** The code the server applied: its text and the pounds it took off (decimal string). */
  discount: z.object({ code: text(), amountOff: text(), listAmount: text() }).nullable().optional(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

export const paymentSuccessSchema = z.object({
  paymentIntentId: text().trim().min(1, 'paymentIntentId is required').max(200),
});

export const paymentStatusSchema = z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'canceled']);
/**
 * What the success page says (docs/product.md#checkout): the purchase made a new account, added the course to an
 * existing one, or paid a team order. Null until the payment succeeded.
 */
export const purchaseOutcomeSchema = z.enum(['new_account', 'existing_account', 'team_order']);
export type PurchaseOutcome = z.infer<typeof purchaseOutcomeSchema>;

export const paymentSuccessResponseSchema = z.object({
  status: paymentStatusSchema,
  courseTitle: text(),
  email: text().nullable(),
  message: text().nullable(),
  outcome: purchaseOutcomeSchema.nullable(),
});
export type PaymentSuccessResponse = z.infer<typeof paymentSuccessResponseSchema>;

export const paymentConfigSchema = z.object({
  provider: z.enum(['stripe', 'test']),
  publishableKey: text().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// ── The built-in test provider's card form (Stripe's test card numbers and messages) ──

export const CARD_MESSAGES = {
  number: 'Your card number is incorrect.',
  numberIncomplete: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvc: "Your card's security code is incomplete.",
  name: 'Please enter the name on the card.',
  email: INVALID_EMAIL,
} as const;

export const testCardSchema = z.object({
  number: text().max(40),
  expiry: text().max(10),
  cvc: text().max(10),
  name: text().trim().max(200),
});
export type TestCard = z.infer<typeof testCardSchema>;

export const testConfirmSchema = z.object({
  clientSecret: text().min(1).max(300),
  card: testCardSchema,
  /** Where the receipt and the login details go when the intent has no buyer yet (the checkout page). */
  receiptEmail: text().trim().max(320).optional(),
});

export const testConfirmResponseSchema = z.object({
  status: z.enum(['succeeded', 'requires_action']),
  paymentIntentId: text(),
  /** 3-D Secure: where the browser goes to authenticate. */
  redirectUrl: text().nullable(),
});
export type TestConfirmResponse = z.infer<typeof testConfirmResponseSchema>;

/** POST /api/test-payments/setup-confirm: a monthly plan's new card, saved with the test provider. */
export const testSetupConfirmSchema = z.object({
  clientSecret: text().min(1).max(300),
  card: testCardSchema,
});

export const testSetupConfirmResponseSchema = z.object({
  status: z.literal('succeeded'),
  setupId: text(),
});

export const testAuthenticateSchema = z.object({
  clientSecret: text().min(1).max(300),
  outcome: z.enum(['complete', 'fail']),
});

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" (or MM/YYYY) → month and four-digit year, or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Field errors of a card form, the same in the browser and on the server; empty when the card is usable. */
export function validateCard(card: TestCard, now = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(card.number);
  if (digits.length < 12) errors.number = CARD_MESSAGES.numberIncomplete;
  else if (!luhnValid(digits)) errors.number = CARD_MESSAGES.number;
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.expiry = CARD_MESSAGES.expiry;
  else {
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expiry.year * 12 + (expiry.month - 1) < thisMonth) errors.expiry = CARD_MESSAGES.expiryPast;
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;
  if (!card.name.trim()) errors.name = CARD_MESSAGES.name;
  return errors;
}

// ── Admin mailbox ──

export const mailboxEmailSchema = z.object({
  id: text(),
  kind: text(),
  to: text(),
  subject: text(),
  text: text(),
  status: z.enum(['pending', 'sending', 'sent', 'logged', 'failed']),
  attempts: z.number().int(),
  lastError: text().nullable(),
  createdAt: text(),
  sentAt: text().nullable(),
  /** Extra headers, e.g. List-Unsubscribe on notification emails (README 'Notifications'). */
  headers: z.record(text(), text()),
});
export type MailboxEmail = z.infer<typeof mailboxEmailSchema>;
export const mailboxResponseSchema = z.object({
  /** False when SMTP_URL is unset: emails are only kept here. */
  smtpConfigured: z.boolean(),
  emails: z.array(mailboxEmailSchema),
});
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

/** GET /api/admin/mailbox/summary: undelivered mail (pending, being sent or given up) for the admin overview. */
export const mailboxSummarySchema = z.object({
  undelivered: z.number().int(),
  /** When the oldest undelivered email was queued; null when everything went out. */
  oldestUndeliveredAt: text().nullable(),
});
export type MailboxSummary = z.infer<typeof mailboxSummarySchema>;
