import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Data protection (README 'Your data', docs/product.md#your-data): the register of requests people make about
// their data, the exports that answer access requests, the legal holds an erasure leaves, and what the retention
// job did.

export const DATA_REQUEST_KINDS = ['access', 'erasure'] as const;
export const DATA_REQUEST_STATUSES = ['open', 'completed'] as const;
export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export const HOLD_KINDS = ['payments', 'apprenticeship'] as const;

/** One request a person made about their data: by themselves in the app, or logged by staff. */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DATA_REQUEST_KINDS }).notNull(),
    // self: made in the app; staff: told to staff by email, phone or letter and logged by hand.
    source: text('source', { enum: ['self', 'staff'] }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    // One calendar month after receipt (UK GDPR Art. 12(3)).
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: DATA_REQUEST_STATUSES }).notNull().default('open'),
    note: text('note'),
    loggedBy: uuid('logged_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('data_requests_due_idx').on(t.status, t.dueAt),
    // One open request of a kind per person: asking twice (or twice at once) answers with the first.
    uniqueIndex('data_requests_open_uq').on(t.userId, t.kind).where(sql`${t.status} = 'open'`),
  ],
);

/** A ZIP of everything held about a person, built by the export job into the object store. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => dataRequests.id, { onDelete: 'set null' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    // While running: the claiming process's lease; past it, another process may take the job over.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    objectKey: text('object_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_due_idx').on(t.status, t.createdAt),
    // One export in the making per person.
    uniqueIndex('data_exports_active_uq').on(t.userId).where(sql`${t.status} IN ('queued', 'running')`),
  ],
);

/** What an erasure kept because the law requires it, why, and until when (README 'Your data'). */
export const erasureHolds = pgTable(
  'erasure_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => dataRequests.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: HOLD_KINDS }).notNull(),
    reason: text('reason').notNull(),
    until: date('until').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('erasure_holds_user_kind_uq').on(t.userId, t.kind),
    index('erasure_holds_due_idx').on(t.until).where(sql`${t.releasedAt} IS NULL`),
  ],
);

/** What the retention job removed, by rule: the record that the schedule is kept. */
export const retentionLog = pgTable(
  'retention_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    rule: text('rule').notNull(),
    count: integer('count').notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [index('retention_log_at_idx').on(t.at)],
);
