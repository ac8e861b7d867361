import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './catalog.ts';
import { payments } from './commerce.ts';
import { teamOrders } from './teams.ts';
import { users } from './users.ts';

// Discount codes and team seat-price tiers (docs/product.md#discount-codes-and-team-prices). The server prices
// every payment; these tables only say what it may take off.

/**
 * A discount code: a percentage (value 1–100) or an amount in pence (value ≥ 1) off; for every course or the named
 * ones; for the one-time plan, the monthly plan or both; between optional dates; with optional limits on uses in
 * total and per customer (by email). Disabled codes stay for the record.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed by finance; matched without regard to case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    value: integer('value').notNull(),
    /** null: every course. */
    courseIds: uuid('course_ids').array(),
    /** The payment plans it applies to; team orders count as 'onetime'. */
    plans: text('plans').array().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    perCustomer: integer('per_customer'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(sql`lower(${t.code})`),
    check('discount_codes_value_ck', sql`${t.value} > 0 AND (${t.kind} = 'amount' OR ${t.value} <= 100)`),
    check(
      'discount_codes_limits_ck',
      sql`(${t.maxRedemptions} IS NULL OR ${t.maxRedemptions} > 0) AND (${t.perCustomer} IS NULL OR ${t.perCustomer} > 0)`,
    ),
  ],
);

/**
 * One use of a code: by a card payment (course purchase or team order paid by card) or by a team order paid by
 * invoice. A use counts while its payment is open or paid (or its invoice order is not cancelled); a failed or
 * cancelled payment gives it back without any write, because the count is read through the payment's status.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    teamOrderId: uuid('team_order_id')
      .unique()
      .references(() => teamOrders.id, { onDelete: 'cascade' }),
    /** Lower-cased buyer email ('' when the checkout page does not know it yet). */
    email: text('email').notNull(),
    /** What the code took off, VAT included, and the price before it. */
    amountOffPence: integer('amount_off_pence').notNull(),
    listPricePence: integer('list_price_pence').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discount_redemptions_code_idx').on(t.codeId),
    check('discount_redemptions_one_owner_ck', sql`num_nonnulls(${t.paymentId}, ${t.teamOrderId}) = 1`),
  ],
);

/** A course's team price tiers: orders of at least `minSeats` seats pay `percentOff` less per seat. */
export const courseSeatTiers = pgTable(
  'course_seat_tiers',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    minSeats: integer('min_seats').notNull(),
    percentOff: integer('percent_off').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.minSeats] }),
    check('course_seat_tiers_ck', sql`${t.minSeats} >= 2 AND ${t.percentOff} BETWEEN 1 AND 90`),
  ],
);
