import { date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GATEWAY_ROLES, KSB_TAG_STATUSES } from '../../../shared/schemas/standards.ts';
import { apprenticeships, otjEntries } from './apprenticeships.ts';
import { topics } from './catalog.ts';
import { standardKsbs } from './standards.ts';
import { users } from './users.ts';

// KSB evidence, sign-off, qualifications and gateway signatures (docs/apprenticeships.md).

/** An apprentice's KSB tag on an OTJ entry (and so on its evidence file); the tutor confirms or rejects it. */
export const otjEntryKsbs = pgTable(
  'otj_entry_ksbs',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => otjEntries.id, { onDelete: 'cascade' }),
    ksbId: uuid('ksb_id')
      .notNull()
      .references(() => standardKsbs.id, { onDelete: 'cascade' }),
    status: text('status', { enum: KSB_TAG_STATUSES }).notNull().default('pending'),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.ksbId] }), index('otj_entry_ksbs_ksb_idx').on(t.ksbId)],
);

/** An instructor's mapping: completing the topic evidences the KSB. */
export const topicKsbs = pgTable(
  'topic_ksbs',
  {
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    ksbId: uuid('ksb_id')
      .notNull()
      .references(() => standardKsbs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.ksbId] }), index('topic_ksbs_ksb_idx').on(t.ksbId)],
);

/** Evidence recorded automatically when an apprentice completes a mapped topic (once per topic and KSB). */
export const topicKsbEvidence = pgTable(
  'topic_ksb_evidence',
  {
    apprenticeshipId: uuid('apprenticeship_id')
      .notNull()
      .references(() => apprenticeships.id, { onDelete: 'cascade' }),
    ksbId: uuid('ksb_id')
      .notNull()
      .references(() => standardKsbs.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apprenticeshipId, t.ksbId, t.topicId] })],
);

/** A tutor's sign-off of one KSB for one apprentice: once (the primary key). */
export const ksbSignoffs = pgTable(
  'ksb_signoffs',
  {
    apprenticeshipId: uuid('apprenticeship_id')
      .notNull()
      .references(() => apprenticeships.id, { onDelete: 'cascade' }),
    ksbId: uuid('ksb_id')
      .notNull()
      .references(() => standardKsbs.id, { onDelete: 'cascade' }),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signedName: text('signed_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apprenticeshipId, t.ksbId] })],
);

/** A mandatory qualification on the apprentice's plan, with its evidence (a certificate upload). */
export const apprenticeshipQualifications = pgTable(
  'apprenticeship_qualifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apprenticeshipId: uuid('apprenticeship_id')
      .notNull()
      .references(() => apprenticeships.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    achievedOn: date('achieved_on'),
    evidencePath: text('evidence_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('apprenticeship_qualifications_idx').on(t.apprenticeshipId)],
);

/** "Ready for gateway", signed once by the tutor and once by the employer (the primary key). */
export const gatewaySignatures = pgTable(
  'gateway_signatures',
  {
    apprenticeshipId: uuid('apprenticeship_id')
      .notNull()
      .references(() => apprenticeships.id, { onDelete: 'cascade' }),
    role: text('role', { enum: GATEWAY_ROLES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apprenticeshipId, t.role] })],
);
