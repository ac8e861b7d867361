import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { paymentInstalments, payments } from './commerce.ts';
import { invoices, teamOrders } from './teams.ts';
import { users } from './users.ts';

// Money going back (docs/product.md#refunds-cancellations-and-credit-notes): refunds of card payments, made
// through the payment provider and confirmed by its event, and the credit notes that correct invoices.

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    // The same request (payment, amount, reason, choice, and the client's Idempotency-Key if any) is the same
    // refund: ten clicks at once make one row (docs/decisions/0019-refunds-exactly-once.md).
    requestKey: text('request_key').notNull().unique(),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    endAccess: boolean('end_access').notNull(),
    // staff: finance or an admin; cancellation: the buyer within the cancellation period.
    source: text('source', { enum: ['staff', 'cancellation'] }).notNull(),
    // Team orders: the unassigned seats this refund took off the order (0 otherwise).
    seats: integer('seats').notNull().default(0),
    // pending: asked of the provider, not yet confirmed; succeeded: its event confirmed it; failed: refused.
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id').unique(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_created_idx').on(t.createdAt),
    check('refunds_amount_ck', sql`${t.amountPence} > 0`),
  ],
);

/**
 * The provider refunds one refund is made of (docs/decisions/0023-plan-refund-credit-notes.md): a monthly plan's
 * refund is split over the charges it paid with, newest first, since a provider refund cannot exceed its charge. One
 * part per refund and charge (unique), asked of the provider with the key `refund-<refund id>-<charge>`, settled
 * once by its own event (pending → succeeded or failed); the refund is settled when all its parts are.
 */
export const refundParts = pgTable(
  'refund_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    // The charge at the provider: the first payment's intent, or a later instalment's charge (Stripe: its invoice).
    chargeRef: text('charge_ref').notNull(),
    // The later instalment the charge paid; null for the plan's (or a single purchase's) first payment.
    instalmentId: uuid('instalment_id').references(() => paymentInstalments.id, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id').unique(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    unique('refund_parts_refund_charge_uq').on(t.refundId, t.chargeRef),
    index('refund_parts_charge_idx').on(t.chargeRef),
    check('refund_parts_amount_ck', sql`${t.amountPence} > 0`),
  ],
);

/**
 * Credit notes against VAT invoices (a team order's, an individual purchase's, a monthly plan's later instalment's):
 * `number` from the 'credit_note' series of invoice_counters (gap-free). A refund gets one per invoice it corrects
 * (a monthly plan's refund is spread over its instalments' invoices, newest first), never two against the same
 * invoice; a trigger refuses a note that would credit more than is left of its invoice
 * (docs/decisions/0023-plan-refund-credit-notes.md).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    // Null for an individual purchase's VAT invoice (docs/product.md#invoices-and-receipts).
    teamOrderId: uuid('team_order_id').references(() => teamOrders.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    amountPence: integer('amount_pence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_notes_invoice_idx').on(t.invoiceId),
    unique('credit_notes_refund_invoice_uq').on(t.refundId, t.invoiceId),
  ],
);
