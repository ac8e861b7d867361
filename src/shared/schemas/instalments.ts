import { z } from 'zod';
import { text } from './common.ts';

// Failed instalments of a monthly plan (docs/product.md#failed-instalments): the buyer's schedule, the overdue page
// and paying the overdue amount with another card.

/** The days after the first failure on which a failed instalment is charged again. */
export const INSTALMENT_RETRY_DAYS = [3, 7, 14] as const;

export const INSTALMENT_STATUSES = ['paid', 'due', 'overdue', 'defaulted', 'canceled'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export const scheduleEntrySchema = z.object({
  /** Null for the first payment (it has no instalment row). */
  instalmentId: text().nullable(),
  sequence: z.number().int(),
  dueAt: text(),
  amountPence: z.number().int(),
  status: z.enum(INSTALMENT_STATUSES),
  /** Overdue: the next automatic retry, if one is left. */
  nextRetryAt: text().nullable(),
  /** The payment's VAT invoice, when the supplier is VAT registered and it is paid. */
  invoice: z.object({ id: text(), number: text() }).nullable(),
});

/** A monthly plan as its buyer sees it in Billing. */
export const accountPlanSchema = z.object({
  paymentId: text(),
  courseId: text(),
  courseTitle: text(),
  /** The card later instalments are charged to ('4242'), when known. */
  cardLast4: text().nullable(),
  /** The course is paused until the overdue amount is paid. */
  accessPaused: z.boolean(),
  /** Instalments are left to charge, so the buyer may change the card (README 'Failed instalments'). */
  cardChangeable: z.boolean(),
  schedule: z.array(scheduleEntrySchema),
});
export type AccountPlan = z.infer<typeof accountPlanSchema>;
export const accountPlansSchema = z.array(accountPlanSchema);

/** GET /api/account/instalments/:instalmentId: the overdue page. */
export const overdueInstalmentSchema = z.object({
  instalmentId: text(),
  paymentId: text(),
  courseId: text(),
  courseTitle: text(),
  sequence: z.number().int(),
  dueAt: text(),
  amountPence: z.number().int(),
  status: z.enum(INSTALMENT_STATUSES),
  /** When the course pauses (or paused) if it stays unpaid. */
  pausesAt: text().nullable(),
  accessPaused: z.boolean(),
  lastError: text().nullable(),
});
export type OverdueInstalment = z.infer<typeof overdueInstalmentSchema>;
export const overdueInstalmentsSchema = z.array(overdueInstalmentSchema);

/** POST /api/account/instalments/:instalmentId/payment: the card form's payment of the overdue amount. */
export const overduePaymentSchema = z.object({
  clientSecret: text(),
  paymentIntentId: text(),
  amountPence: z.number().int(),
});
export type OverduePayment = z.infer<typeof overduePaymentSchema>;

/** POST /api/account/plans/:paymentId/card-change: the setup the card form saves the new card with. */
export const cardChangeSchema = z.object({
  cardChangeId: text(),
  setupId: text(),
  clientSecret: text(),
});
export type CardChange = z.infer<typeof cardChangeSchema>;

/** POST /api/account/plans/:paymentId/card-change/complete: after the card form saved the card. */
export const completeCardChangeSchema = z.object({ setupId: text().min(1).max(200) });

export const cardChangedSchema = z.object({ cardLast4: text().nullable() });
export type CardChanged = z.infer<typeof cardChangedSchema>;
