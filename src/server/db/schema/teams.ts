import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './catalog.ts';
import { emailOutbox, paymentInstalments, payments } from './commerce.ts';
import { users } from './users.ts';

// Employer purchases (docs/team-seats.md): an order of N seats on one course, its seats, its
// invoice, and files attached to outbox emails.

export interface TeamCompany {
  name: string;
  addressLine1: string;
  city: string;
  postcode: string;
  vatNumber: string | null;
  poNumber: string | null;
}

export interface TeamBuyer {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  jobTitle: string;
}

export const teamOrders = pgTable(
  'team_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    // Set once the buyer is a manager: at payment (card) or when the invoice order is placed.
    managerUserId: uuid('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    // A "buy more seats" order adds its seats to this one once paid.
    parentOrderId: uuid('parent_order_id'),
    payBy: text('pay_by', { enum: ['card', 'invoice'] }).notNull(),
    // unconfirmed: an invoice order placed for an email whose owner has not confirmed it (docs/team-seats.md
    // "Buying"); pending: card payment not yet confirmed; awaiting_payment: invoice issued, unpaid; paid; canceled.
    status: text('status', {
      enum: ['unconfirmed', 'pending', 'awaiting_payment', 'paid', 'canceled'],
    }).notNull(),
    // The SHA-256 of the single-use confirmation link's token (unconfirmed orders; kept to tell a used link).
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    seats: integer('seats').notNull(),
    // Seats added later to this order (paid top-ups, admin adjustments); capacity = seats + extra_seats.
    extraSeats: integer('extra_seats').notNull().default(0),
    unitPricePence: integer('unit_price_pence').notNull(),
    // Gross (VAT included) total, its net part and its VAT; vat_rate in percent.
    amountPence: integer('amount_pence').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    vatRate: integer('vat_rate').notNull(),
    // Team price tier and discount code (docs/product.md#discount-codes-and-team-prices): what each took off the
    // seats' price, VAT included; amount_pence is after both.
    tierPercent: integer('tier_percent'),
    tierOffPence: integer('tier_off_pence').notNull().default(0),
    discountCode: text('discount_code'),
    discountOffPence: integer('discount_off_pence').notNull().default(0),
    company: jsonb('company').$type<TeamCompany>().notNull(),
    buyer: jsonb('buyer').$type<TeamBuyer>().notNull(),
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_orders_manager_idx').on(t.managerUserId),
    index('team_orders_parent_idx').on(t.parentOrderId),
    index('team_orders_status_idx').on(t.status, t.createdAt),
    check('team_orders_seats_ck', sql`${t.seats} > 0 AND ${t.seats} + ${t.extraSeats} >= 0`),
  ],
);

/** One assigned seat: a member of a team order (the root order, never a top-up). */
export const teamSeats = pgTable(
  'team_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamOrderId: uuid('team_order_id')
      .notNull()
      .references(() => teamOrders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // invited: offered to an existing account, not yet accepted (no enrolment, no progress shown); active.
    status: text('status', { enum: ['invited', 'active'] })
      .notNull()
      .default('active'),
    // False when the member was already enrolled: revoking the seat then leaves their enrolment alone.
    createdEnrolment: boolean('created_enrolment').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_seats_order_email_uq').on(t.teamOrderId, sql`lower(${t.email})`),
    index('team_seats_user_idx').on(t.userId),
  ],
);

/** A course an employer took back (its seat had given it): the member's portal says so (docs/team-seats.md). */
export const seatWithdrawals = pgTable(
  'seat_withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seat_withdrawals_user_idx').on(t.userId, t.withdrawnAt)],
);

/**
 * VAT invoices: `number` comes from invoice_counters in the transaction that inserts the row (no gaps). One per team
 * order, or one per individual card purchase when the supplier is VAT registered (docs/product.md#invoices-and-receipts):
 * exactly one of team_order_id and payment_id, each unique, so an order or a payment is invoiced once.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique(),
    teamOrderId: uuid('team_order_id')
      .unique()
      .references(() => teamOrders.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    // A monthly plan's later instalment, paid (README 'Failed instalments'): one VAT invoice each, once.
    instalmentId: uuid('instalment_id')
      .unique()
      .references(() => paymentInstalments.id, { onDelete: 'restrict' }),
    // An individual purchase's VAT rate when invoiced (a team order keeps its own on the order).
    vatRate: integer('vat_rate'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    taxPointAt: timestamp('tax_point_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'invoices_one_subject_ck',
      sql`num_nonnulls(${t.teamOrderId}, ${t.paymentId}, ${t.instalmentId}) = 1`,
    ),
  ],
);

/** The last number handed out per series; bumped with a row lock inside the invoice's transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Files sent with an outbox email (invoices, receipts); removed with the email. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
);
