import type { SQL } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import type { HoldKind } from './holds.service.ts';
import type { Person } from './person.repo.ts';

// The types of the personal-data registry (personal-data.registry.ts): every table of the database, and what a
// data export and an erasure do with it (README 'Your data'). Adding a table means adding one entry there:
// personal-data.test.ts fails for any table without one, for an entry that neither names the export files
// carrying the table nor says why it is left out, and for an export file whose query does not read a table said
// to be in it; the erasure test scans every text column of every table for the erased person.

export type ExportKindName =
  | 'profile'
  | 'devices'
  | 'enrolments'
  | 'progress'
  | 'quiz-attempts'
  | 'messages'
  | 'live-sessions'
  | 'otj-log'
  | 'otj-reviews'
  | 'certificates'
  | 'course-reviews'
  | 'orders'
  | 'invoices'
  | 'consents'
  | 'data-requests'
  | 'apprenticeship'
  | 'ksbs'
  | 'qualifications'
  | 'scorm-runs'
  | 'refunds'
  | 'discounts'
  | 'notifications'
  | 'staff'
  | 'audit-trail'
  | 'emails';

/** One kind of record in the export: a JSON and a CSV file of the ZIP, described in its README.txt. */
export interface ExportKind {
  name: ExportKindName;
  /** A line for README.txt. */
  describe: string;
  /** The one statement that reads the person's records of this kind. */
  statement: (person: Person) => SQL;
}

/** Changes a table so it no longer identifies the person (inside the erasure's transaction). */
type Eraser = (tx: Queryable, person: Person) => Promise<unknown>;

interface EntryBase {
  table: string;
  /** What an erasure does to it. */
  erase: Eraser;
  /** A legal hold keeps these rows (their mentions of the person are still replaced). */
  heldBy?: HoldKind;
  /** Why, in a few words: what it holds about a person, or why nothing. */
  why: string;
}

/**
 * Every table is either exported (the export files that carry its rows about the person; each of those files'
 * queries reads the table, personal-data.test.ts checks) or left out of the export for a stated reason.
 */
export type TableEntry = EntryBase &
  ({ exportedIn: ExportKindName[]; notExported?: never } | { notExported: string; exportedIn?: never });

export const MESSAGE_REMOVED = 'Message removed: its author asked for their data to be erased.';
export const REVIEW_REMOVED = 'Review text removed: its author asked for their data to be erased.';
export const REMOVED = '[removed at erasure]';

export async function noop(): Promise<void> {}

/** A table that says nothing about any person: not exported, untouched by an erasure. */
export function notAboutAPerson(table: string, why: string): TableEntry {
  return { table, why, notExported: 'nothing in it is about a person', erase: noop };
}
