import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FILE_TYPES } from '#shared/constants.ts';
import { courses } from './catalog.ts';
import { timestamps, users } from './users.ts';

export interface PaymentConsent {
  version: string;
  at: string;
  ip: string;
}

/**
 * The card a monthly plan charges (README 'Payments and email'): its last four digits, and for the built-in test
 * provider whether later (off-session) charges are declined (its 4000 0000 0000 0341 card). Never the number.
 */
export interface CardOnFile {
  last4: string;
  declinesLater?: boolean;
  /**
   * Stripe: the payment method a card change saved (README 'Failed instalments'), so an instalment schedule made
   * after the change (the reconciler's retry) charges it rather than the card of the first payment.
   */
  paymentMethodId?: string;
}

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    // One payment row per provider intent: the anchor of idempotent provisioning. Null only between our row being
    // written and the provider's intent being created (docs/decisions/0015-payment-row-first.md).
    providerIntentId: text('provider_intent_id').unique(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    plan: text('plan', { enum: ['onetime', 'monthly'] })
      .notNull()
      .default('onetime'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status', { enum: ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] })
      .notNull()
      .default('pending'),
    studentData: jsonb('student_data').$type<Record<string, string | null>>().notNull(),
    failureMessage: text('failure_message'),
    // The buyer's express consent to immediate access: wording version, time and client address
    // (src/shared/consent.ts). Null only on payments started before consent was asked for.
    consent: jsonb('consent').$type<PaymentConsent>(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    // Monthly plan (docs/product.md#failed-instalments): the card later instalments are charged to; set when the
    // course's access paused for an overdue instalment (cleared when it is paid); set when the final retry failed.
    cardOnFile: jsonb('card_on_file').$type<CardOnFile>(),
    accessPausedAt: timestamp('access_paused_at', { withTimezone: true }),
    planDefaultedAt: timestamp('plan_defaulted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('payments_course_created_idx').on(t.courseId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
  ],
);

/** Monthly plan: the instalments after the first, due monthly. */
export const paymentInstalments = pgTable(
  'payment_instalments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    // canceled: a refund that ended access stopped the plan (docs/product.md#refunds-cancellations-and-credit-notes).
    // failed: overdue and being retried; charging: an attempt in flight (next_retry_at is its lease); defaulted: the
    // final retry failed, still payable by the buyer (docs/product.md#failed-instalments).
    status: text('status', { enum: ['scheduled', 'charging', 'paid', 'failed', 'defaulted', 'canceled'] })
      .notNull()
      .default('scheduled'),
    providerReference: text('provider_reference'),
    /** Charges tried: 1 on the due date, then the retries on days 3, 7 and 14 after the first failure. */
    attempts: integer('attempts').notNull().default(0),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    lastError: text('last_error'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    defaultedAt: timestamp('defaulted_at', { withTimezone: true }),
    /** Stripe: the subscription invoice that charges this instalment (its webhooks name it). */
    providerInvoiceId: text('provider_invoice_id').unique(),
    /**
     * The charge that paid it through the plan (the built-in provider's charge; Stripe: its invoice), which a refund
     * of the plan refunds against (docs/decisions/0023-plan-refund-credit-notes.md).
     */
    providerChargeId: text('provider_charge_id'),
    /** The buyer's own payment of the overdue amount with another card (one at a time). */
    recoveryPaymentId: uuid('recovery_payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('payment_instalments_payment_idx').on(t.paymentId, t.sequence),
    unique('payment_instalments_payment_sequence_uq').on(t.paymentId, t.sequence),
    index('payment_instalments_due_idx').on(t.status, t.nextRetryAt),
  ],
);

/**
 * A monthly plan's change of card (README 'Failed instalments'): the provider's SetupIntent (Stripe's, or the
 * built-in test provider's, which keeps its state here), made before it is confirmed in the browser. One pending
 * change per plan (the partial unique index), so ten presses make one; applied once (pending → succeeded), when
 * the plan's card on file becomes this card.
 */
export const cardChanges = pgTable(
  'card_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    // Null only between our row being written and the provider's SetupIntent being created.
    providerSetupId: text('provider_setup_id').unique(),
    status: text('status', { enum: ['pending', 'succeeded', 'canceled'] })
      .notNull()
      .default('pending'),
    // The built-in test provider: the card the buyer confirmed (its last four digits and behaviour, never the
    // number), waiting to be applied. Both providers: the card applied, once succeeded.
    card: jsonb('card').$type<CardOnFile>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('card_changes_one_pending_uq').on(t.paymentId).where(sql`${t.status} = 'pending'`)],
);

/** Provider webhook event ids already handled, so a redelivered event does nothing twice. */
export const processedProviderEvents = pgTable('processed_provider_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // Extra headers (List-Unsubscribe on notification emails).
    headers: jsonb('headers').$type<Record<string, string>>(),
    // pending → sending (claimed by one process; next_attempt_at is its lease) → sent, or back to pending with a
    // backoff; logged when no relay is configured (kept for the admin mailbox); failed after days of retries.
    status: text('status', { enum: ['pending', 'sending', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

export const storedObjects = pgTable(
  'stored_objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Server-generated key; never derived from a client file name.
    key: text('key').notNull().unique(),
    fileType: text('file_type', { enum: FILE_TYPES }).notNull(),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    originalName: text('original_name'),
    status: text('status', { enum: ['pending', 'uploaded'] })
      .notNull()
      .default('pending'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    // Null until something (a topic, a course, an avatar) points at the object; unattached ones are swept.
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_objects_unattached_idx').on(t.attachedAt, t.createdAt)],
);
