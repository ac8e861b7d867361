import { z } from 'zod';
import { consentSchema } from '../consent.ts';
import { invoiceFigures } from '../vat.ts';
import { INVALID_EMAIL, MISSING_INFORMATION } from './checkout.ts';
import { text } from './common.ts';
import { discountCodeField } from './discounts.ts';

// Team seats: the team purchase form, seat assignment and what the manager portal and admin Teams view read.

export const TEAM_SEATS_MIN = 2;
export const TEAM_SEATS_MAX = 500;
/** Invoice orders are due this many days after the invoice date (Late Payment of Commercial Debts Act default). */
export const INVOICE_PAYMENT_TERMS_DAYS = 30;

const required = (max: number) => text().trim().min(1, MISSING_INFORMATION).max(max);

/** "sw1a1aa" → "SW1A 1AA"; UK postcodes only (the outward code, a space, the inward code). */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}
const POSTCODE = /^(GIR 0AA|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})$/;
/** UK VAT numbers: GB then 9 digits, or 12 for a group branch. */
const VAT_NUMBER = /^GB(\d{9}|\d{12})$/;

export const companySchema = z.object({
  name: required(200),
  addressLine1: required(200),
  city: required(100),
  postcode: required(10)
    .transform(normalisePostcode)
    .refine((v) => POSTCODE.test(v), 'Please enter a valid UK postcode'),
  vatNumber: text()
    .trim()
    .max(20)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || VAT_NUMBER.test(v), 'VAT number must be GB followed by 9 or 12 digits')
    .optional()
    .transform((v) => v || undefined),
  poNumber: text()
    .trim()
    .max(60)
    .optional()
    .transform((v) => v || undefined),
});

/** POST /api/team-orders/confirm and /api/team-orders/pending: the token from the confirmation link. */
export const confirmTeamOrderSchema = z.object({ token: text().trim().min(1).max(200) });

export const pendingTeamOrderSchema = z.object({
  orderId: text(),
  confirmed: z.boolean(),
  courseTitle: text(),
  seats: z.number().int(),
  amountPence: z.number().int(),
  vatPence: z.number().int(),
  companyName: text(),
  buyerEmail: text(),
});
export type PendingTeamOrder = z.infer<typeof pendingTeamOrderSchema>;

export const teamOrderConfirmedSchema = z.object({ orderId: text(), status: z.literal('awaiting_payment') });

export const buyerSchema = z.object({
  firstName: required(100),
  lastName: required(100),
  email: required(320).pipe(z.email(INVALID_EMAIL)),
  phoneNumber: required(40).refine((v) => /^\+?[\d\s()-]{7,}$/.test(v), 'Please enter a valid phone number'),
  jobTitle: required(200),
});

export const seatCountSchema = z.coerce
  .number({ message: `Choose between ${TEAM_SEATS_MIN} and ${TEAM_SEATS_MAX} seats` })
  .int(`Choose between ${TEAM_SEATS_MIN} and ${TEAM_SEATS_MAX} seats`)
  .min(TEAM_SEATS_MIN, `Choose between ${TEAM_SEATS_MIN} and ${TEAM_SEATS_MAX} seats`)
  .max(TEAM_SEATS_MAX, `Choose between ${TEAM_SEATS_MIN} and ${TEAM_SEATS_MAX} seats`);

export const payBySchema = z.enum(['card', 'invoice']);

export const createTeamOrderSchema = z.object({
  courseId: text().trim().min(1, 'No course selected').max(100),
  seats: seatCountSchema,
  company: companySchema,
  buyer: buyerSchema,
  payBy: payBySchema,
  /** Express consent to immediate access (src/shared/consent.ts): card orders need it (CONSENT_REQUIRED). */
  consent: consentSchema.optional(),
  /** Priced by the server with the course's seat tiers (docs/product.md#discount-codes-and-team-prices). */
  discountCode: discountCodeField,
});
export type CreateTeamOrderInput = z.input<typeof createTeamOrderSchema>;
export type CreateTeamOrder = z.output<typeof createTeamOrderSchema>;

/** Buying more seats for an order: at least one more, up to the order limit. */
export const topUpSchema = z.object({
  seats: z.coerce
    .number({ message: `Choose between 1 and ${TEAM_SEATS_MAX} seats` })
    .int()
    .min(1, `Choose between 1 and ${TEAM_SEATS_MAX} seats`)
    .max(TEAM_SEATS_MAX, `Choose between 1 and ${TEAM_SEATS_MAX} seats`),
  payBy: payBySchema,
});
export type TopUpInput = z.input<typeof topUpSchema>;

export const teamPricingSchema = z.object({ vatRate: z.number().int(), vatRegistered: z.boolean() });
export type TeamPricing = z.infer<typeof teamPricingSchema>;

export const teamOrderStatusSchema = z.enum([
  'unconfirmed',
  'pending',
  'awaiting_payment',
  'overdue',
  'paid',
  'canceled',
]);
export type TeamOrderStatus = z.infer<typeof teamOrderStatusSchema>;

export const teamOrderCreatedSchema = z.object({
  orderId: text(),
  status: teamOrderStatusSchema,
  amountPence: z.number().int(),
  vatPence: z.number().int(),
  paymentIntentId: text().optional(),
  clientSecret: text().optional(),
});
export type TeamOrderCreated = z.infer<typeof teamOrderCreatedSchema>;

export const assignSeatSchema = z.object({
  firstName: required(100),
  lastName: required(100),
  email: required(320).pipe(z.email(INVALID_EMAIL)),
});
export type AssignSeatInput = z.input<typeof assignSeatSchema>;

const invoiceRefSchema = z.object({ id: text(), number: z.number().int() });

export const seatStatusSchema = z.enum(['invited', 'active']);

/** Where a member's employer contact stands from their manager's side (null: not an apprentice, or another's). */
export const memberContactSchema = z.enum(['you', 'proposed', 'can_propose']).nullable();

export const teamMemberSchema = z.object({
  seatId: text(),
  orderId: text(),
  email: text(),
  firstName: text(),
  lastName: text(),
  status: seatStatusSchema,
  employerContact: memberContactSchema,
  courseId: text(),
  courseTitle: text(),
  progressPercent: z.number(),
  topicsDone: z.number().int(),
  topicsTotal: z.number().int(),
  quizzes: z.array(z.object({ title: text(), bestScore: z.number().int(), passed: z.boolean() })),
  started: z.boolean(),
  lastActiveAt: text().nullable(),
  completedAt: text().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamOrderSummarySchema = z.object({
  id: text(),
  courseId: text(),
  courseTitle: text(),
  seats: z.number().int(),
  assigned: z.number().int(),
  status: teamOrderStatusSchema,
  payBy: payBySchema,
  amountPence: z.number().int(),
  createdAt: text(),
  invoice: invoiceRefSchema.nullable(),
  /** Orders for more seats on this one, with their own invoices. */
  topUps: z.array(
    z.object({
      id: text(),
      seats: z.number().int(),
      status: teamOrderStatusSchema,
      invoice: invoiceRefSchema.nullable(),
    }),
  ),
});
export type TeamOrderSummary = z.infer<typeof teamOrderSummarySchema>;

export const teamInvoiceSchema = invoiceRefSchema.extend({
  orderId: text(),
  issuedAt: text(),
  totalPence: z.number().int(),
  paid: z.boolean(),
});

export const teamOverviewSchema = z.object({
  orders: z.array(teamOrderSummarySchema),
  members: z.array(teamMemberSchema),
  invoices: z.array(teamInvoiceSchema),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

export const adminTeamOrderSchema = z.object({
  id: text(),
  parentOrderId: text().nullable(),
  courseId: text(),
  courseTitle: text(),
  company: z.object({
    name: text(),
    addressLine1: text(),
    city: text(),
    postcode: text(),
    vatNumber: text().nullable(),
    poNumber: text().nullable(),
  }),
  buyer: z.object({ firstName: text(), lastName: text(), email: text() }),
  payBy: payBySchema,
  status: teamOrderStatusSchema,
  seats: z.number().int(),
  capacity: z.number().int(),
  assigned: z.number().int(),
  amountPence: z.number().int(),
  vatPence: z.number().int(),
  createdAt: text(),
  dueAt: text().nullable(),
  paidAt: text().nullable(),
  invoice: invoiceRefSchema.nullable(),
  members: z.array(
    z.object({
      seatId: text(),
      email: text(),
      firstName: text(),
      lastName: text(),
      status: seatStatusSchema,
    }),
  ),
});
export type AdminTeamOrder = z.infer<typeof adminTeamOrderSchema>;

export const adminTeamOrdersSchema = z.object({ orders: z.array(adminTeamOrderSchema) });

export const adjustSeatsSchema = z.object({
  capacity: z.coerce.number().int().min(1, 'At least one seat').max(10_000),
});

export interface TeamPrice {
  /** What is charged: seats × the course price, VAT included. */
  amountPence: number;
  netPence: number;
  vatPence: number;
  /** The unit price excluding VAT, whole pence: seats × it is the net (src/shared/vat.ts). */
  unitNetPence: number;
}

/** Seats × price with VAT included at `vatRate` percent, split into net + VAT (the same on the form and server). */
export function teamOrderPrice(seats: number, unitPricePence: number, vatRate: number): TeamPrice {
  const figures = invoiceFigures(seats, unitPricePence, vatRate);
  return {
    amountPence: figures.total.grossPence,
    netPence: figures.total.netPence,
    vatPence: figures.total.vatPence,
    unitNetPence: figures.unitNetPence,
  };
}

/** GET /api/user/invitations: seats offered to the caller, and managers asking to be their employer contact. */
export const invitationSchema = z.object({
  id: text(),
  kind: z.enum(['seat', 'employer_contact']),
  /** The course of a seat; null for an employer-contact proposal. */
  courseId: text().nullable(),
  courseTitle: text().nullable(),
  /** Who asks: the manager's own name and their company. */
  from: text(),
  companyName: text(),
  createdAt: text(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationAnswerSchema = z.object({
  id: text(),
  kind: z.enum(['seat', 'employer_contact']),
  status: z.enum(['accepted', 'declined']),
});

/** GET /api/user/withdrawn-courses: courses an employer took back (the portal says so). */
export const withdrawnCourseSchema = z.object({
  courseId: text(),
  courseTitle: text(),
  companyName: text(),
  withdrawnAt: text(),
});
export type WithdrawnCourse = z.infer<typeof withdrawnCourseSchema>;

/** "INV-000042": how invoice numbers print. */
export function invoiceLabel(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}
