import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { KSB_KINDS } from '../../../shared/schemas/standards.ts';
import { users } from './users.ts';

/**
 * One version of an apprenticeship standard, imported from a Skills England record (docs/apprenticeships.md
 * "Standards and KSBs"). A new version is a new row: apprentices stay on the version their record links.
 */
export const standards = pgTable(
  'standards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referenceNumber: text('reference_number').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    level: integer('level').notNull(),
    larsCode: integer('lars_code').notNull(),
    typicalDurationMonths: integer('typical_duration_months').notNull(),
    // The published minimum off-the-job hours (funding rules Annex C); null until the admin sets it.
    minimumOtjHours: integer('minimum_otj_hours'),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standards_reference_version_uq').on(t.referenceNumber, t.version),
    check('standards_minimum_otj', sql`${t.minimumOtjHours} IS NULL OR ${t.minimumOtjHours} >= 187`),
  ],
);

/** A standard version's knowledge, skills and behaviours, coded K1, S1, B1… in the record's list order. */
export const standardKsbs = pgTable(
  'standard_ksbs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    standardId: uuid('standard_id')
      .notNull()
      .references(() => standards.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KSB_KINDS }).notNull(),
    code: text('code').notNull(),
    position: integer('position').notNull(),
    // The GUID Skills England gives the item.
    sourceId: text('source_id').notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [uniqueIndex('standard_ksbs_code_uq').on(t.standardId, t.code)],
);
