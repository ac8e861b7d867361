import { z } from 'zod';
import { text } from './common.ts';

// Refunds, the finance Payments view and the buyer's orders (docs/product.md#refunds-cancellations-and-credit-notes).

export const REFUND_REASON_MAX = 500;

/** POST /api/admin/payments/:paymentId/refunds. No amount: everything not yet refunded. */
export const refundRequestSchema = z.object({
  amountPence: z.number().int().positive().max(100_000_000).optional(),
  reason: text().trim().min(1, 'Please give a reason for the refund').max(REFUND_REASON_MAX),
  endAccess: z.boolean(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const creditNoteRefSchema = z.object({ id: text(), number: text() });

export const refundResponseSchema = z.object({
  refundId: text(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountPence: z.number().int(),
  /** The first of `creditNotes` (the main one), or null when the order had no VAT invoice. */
  creditNote: creditNoteRefSchema.nullable(),
  /** One per invoice the refund corrects: a monthly plan's refund may credit several instalments' invoices. */
  creditNotes: z.array(creditNoteRefSchema),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** A payment as finance sees it: `status` is the payment's, or refunded / partially_refunded once money went back. */
export const ADMIN_PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
  'partially_refunded',
  'refunded',
] as const;
export type AdminPaymentStatus = (typeof ADMIN_PAYMENT_STATUSES)[number];

const isoDate = text()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-25');

export const adminPaymentsQuerySchema = z.object({
  status: z.enum(ADMIN_PAYMENT_STATUSES).optional(),
  /** Inclusive calendar days (UTC). */
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/**
 * A monthly plan's standing (docs/product.md#failed-instalments): an instalment overdue and being retried, the
 * course paused after the grace period, or defaulted after the final retry.
 */
export const PLAN_STANDINGS = ['on_schedule', 'overdue', 'paused', 'defaulted'] as const;
export type PlanStanding = (typeof PLAN_STANDINGS)[number];

export const adminPaymentSchema = z.object({
  id: text(),
  /** instalment: the buyer's own payment of an overdue instalment with another card. */
  kind: z.enum(['course', 'monthly', 'team', 'instalment']),
  /** Monthly plans only. */
  planStanding: z.enum(PLAN_STANDINGS).optional(),
  status: z.enum(ADMIN_PAYMENT_STATUSES),
  courseId: text(),
  courseTitle: text(),
  buyerEmail: text(),
  amountPence: z.number().int(),
  refundedPence: z.number().int(),
  createdAt: text(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsSchema = z.object({
  items: z.array(adminPaymentSchema),
  totals: z.object({
    paidPence: z.number().int(),
    refundedPence: z.number().int(),
    netPence: z.number().int(),
  }),
});
export type AdminPayments = z.infer<typeof adminPaymentsSchema>;

/** 7 → "CN-000007": credit notes' own series. */
export function creditNoteLabel(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

/** GET /api/account/orders: the signed-in buyer's own course purchases. */
export const accountOrderSchema = z.object({
  paymentId: text(),
  reference: text(),
  courseId: text(),
  courseTitle: text(),
  plan: z.enum(['onetime', 'monthly']),
  amountPence: z.number().int(),
  refundedPence: z.number().int(),
  createdAt: text(),
  /** The end of the cancellation period: 14 days after the purchase. */
  cancellableUntil: text(),
  /** A topic opened or a live session attended: the right to cancel is gone. */
  started: z.boolean(),
  /** Whether Cancel works now (within the period, not started, nothing refunded yet). */
  cancellable: z.boolean(),
  status: z.enum(['paid', 'partially_refunded', 'refunded']),
  /**
   * The receipt's schedule (docs/product.md#invoices-and-receipts): a monthly plan's payments, the first (paid with
   * the order) and each later instalment with its due date and status; empty for a one-time purchase.
   */
  schedule: z.array(
    z.object({
      sequence: z.number().int(),
      dueAt: text(),
      amountPence: z.number().int(),
      /** paid, scheduled, failed, canceled (the instalment's status). */
      status: text(),
    }),
  ),
  /** The VAT invoice, when the supplier was VAT registered at the time: GET /api/invoices/:id.pdf. */
  invoice: z.object({ id: text(), number: text() }).nullable(),
  /** The credit notes of its refunds, oldest first (a monthly plan's refund has one per invoice it refunded). */
  creditNotes: z.array(creditNoteRefSchema),
  /**
   * Its refunds that have no credit note (no VAT invoice to correct), oldest first: each one's refund receipt,
   * GET /api/refund-receipts/:refundId.pdf.
   */
  refundReceipts: z.array(z.object({ refundId: text(), amountPence: z.number().int(), refundedAt: text() })),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;
export const accountOrdersSchema = z.array(accountOrderSchema);

export const cancelOrderResponseSchema = z.object({ refundId: text() });

export const refundAskSchema = z.object({
  message: text().trim().min(1, 'Please tell us why you would like a refund').max(REFUND_REASON_MAX),
});
