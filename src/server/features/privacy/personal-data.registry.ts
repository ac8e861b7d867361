import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import type { HoldKind } from './holds.service.ts';
import { type Person, scrubbed, scrubColumns } from './person.repo.ts';

// Every table of the database, and what a data export and an erasure do with it (README 'Your data'). Adding a
// table means adding one entry here: personal-data.test.ts fails for any table that holds a user id or text and
// has no entry, and the erasure test scans every text column of every table for the erased person.

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
  | 'data-requests';

/** Changes a table so it no longer identifies the person (inside the erasure's transaction). */
export type Eraser = (tx: Queryable, person: Person) => Promise<unknown>;

export interface TableEntry {
  table: string;
  /** The export files that carry this table's rows about the person. */
  exportedIn?: ExportKindName[];
  /** What an erasure does to it. */
  erase: Eraser;
  /** A legal hold keeps these rows (their mentions of the person are still replaced). */
  heldBy?: HoldKind;
  /** Why, in a few words: what it holds about a person, or why nothing. */
  why: string;
}

export const MESSAGE_REMOVED = 'Message removed: its author asked for their data to be erased.';
export const REVIEW_REMOVED = 'Review text removed: its author asked for their data to be erased.';
const REMOVED = '[removed at erasure]';

export const PERSONAL_DATA: TableEntry[] = [
  {
    table: 'users',
    exportedIn: ['profile'],
    why: 'the account',
    // The row stays as a pseudonym (counts and held records point at it); sign-in is blocked by the password.
    erase: (tx, p) =>
      tx.execute(sql`UPDATE users SET email = ${p.pseudonym.email}, first_name = ${p.pseudonym.firstName},
        last_name = ${p.pseudonym.lastName}, phone_number = NULL, company = NULL, job_title = NULL,
        experience_level = NULL, profile_image_url = NULL, is_active = false, must_change_password = false,
        temp_password_expires_at = NULL, erased_at = now(), updated_at = now(),
        password_hash = ${`erased:${crypto.randomUUID()}`} WHERE id = ${p.id}`),
  },
  {
    table: 'auth_sessions',
    exportedIn: ['devices'],
    why: 'signed-in devices (address, browser)',
    erase: (tx, p) => tx.execute(sql`DELETE FROM auth_sessions WHERE user_id = ${p.id}`),
  },
  {
    table: 'password_reset_tokens',
    why: 'hashed reset links; nothing to export',
    erase: (tx, p) => tx.execute(sql`DELETE FROM password_reset_tokens WHERE user_id = ${p.id}`),
  },
  {
    table: 'rate_limits',
    why: 'throttle counters keyed by email; kept a day (retention schedule)',
    erase: (tx, p) =>
      tx.execute(sql`DELETE FROM rate_limits WHERE strpos(lower(key), lower(${p.email})) > 0`),
  },
  {
    table: 'messages',
    exportedIn: ['messages'],
    why: 'their messages; others may name them',
    erase: async (tx, p) => {
      await tx.execute(sql`UPDATE messages SET content = ${MESSAGE_REMOVED} WHERE sender_id = ${p.id}`);
      await scrubColumns(tx, 'messages', ['content'], p);
    },
  },
  {
    table: 'conversations',
    exportedIn: ['messages'],
    why: 'a group title may name them',
    erase: (tx, p) => scrubColumns(tx, 'conversations', ['title'], p),
  },
  { table: 'conversation_participants', exportedIn: ['messages'], why: 'ids only; kept', erase: noop },
  { table: 'enrolments', exportedIn: ['enrolments'], why: 'ids and dates; kept for counts', erase: noop },
  { table: 'topic_progress', exportedIn: ['progress'], why: 'ids and times; kept for counts', erase: noop },
  {
    table: 'module_progress',
    exportedIn: ['progress'],
    why: 'ids and figures; kept for counts',
    erase: noop,
  },
  { table: 'quiz_attempts', exportedIn: ['quiz-attempts'], why: 'scores; kept for counts', erase: noop },
  {
    table: 'resource_access_events',
    exportedIn: ['progress'],
    why: 'views; kept for Total Views',
    erase: noop,
  },
  {
    table: 'scorm_attempts',
    exportedIn: ['progress'],
    why: 'SCORM run data, which may carry the learner name',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE scorm_attempts SET cmi = (${scrubbed(sql`cmi::text`, p)})::jsonb
        WHERE user_id = ${p.id}`),
  },
  {
    table: 'live_session_attendees',
    exportedIn: ['live-sessions'],
    why: 'attendance; kept for counts',
    erase: noop,
  },
  {
    table: 'live_sessions',
    exportedIn: ['live-sessions'],
    why: 'staff-written text that may name them',
    erase: (tx, p) => scrubColumns(tx, 'live_sessions', ['title', 'description', 'location'], p),
  },
  {
    table: 'certificates',
    exportedIn: ['certificates'],
    why: 'the holder name; revoked at erasure so the public page no longer vouches for a pseudonym',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE certificates SET holder_name = ${p.pseudonym.fullName},
        revoked_at = coalesce(revoked_at, now()),
        revocation_reason = coalesce(revocation_reason, 'Holder erased their data') WHERE user_id = ${p.id}`),
  },
  {
    table: 'course_reviews',
    exportedIn: ['course-reviews'],
    why: 'review text; the rating stays in the course average',
    erase: async (tx, p) => {
      await tx.execute(sql`UPDATE course_reviews SET body = ${REVIEW_REMOVED} WHERE user_id = ${p.id}`);
      await scrubColumns(tx, 'course_reviews', ['body', 'removal_reason'], p);
    },
  },
  {
    table: 'review_reports',
    exportedIn: ['course-reviews'],
    why: 'report reasons they wrote, or that name them',
    erase: async (tx, p) => {
      await tx.execute(sql`UPDATE review_reports SET reason = ${REMOVED} WHERE reporter_user_id = ${p.id}`);
      await scrubColumns(tx, 'review_reports', ['reason'], p);
    },
  },
  {
    table: 'waitlist_subscribers',
    exportedIn: ['consents'],
    why: 'email sign-ups for coming-soon courses',
    erase: (tx, p) =>
      tx.execute(sql`DELETE FROM waitlist_subscribers WHERE lower(email) = lower(${p.email})`),
  },
  {
    table: 'payments',
    exportedIn: ['orders'],
    heldBy: 'payments',
    why: 'card payments: kept for HMRC, with the buyer replaced by the pseudonym',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE payments SET email = ${p.pseudonym.email},
        student_data = jsonb_build_object('firstName', ${p.pseudonym.firstName}::text, 'lastName', ${p.pseudonym.lastName}::text,
          'email', ${p.pseudonym.email}::text), failure_message = ${scrubbed(sql`failure_message`, p)}
        WHERE user_id = ${p.id} OR lower(email) = lower(${p.email})`),
  },
  { table: 'payment_instalments', exportedIn: ['orders'], heldBy: 'payments', why: 'amounts', erase: noop },
  {
    table: 'team_orders',
    exportedIn: ['orders', 'invoices'],
    heldBy: 'payments',
    why: 'employer orders: kept for HMRC; the company stays, the buyer becomes the pseudonym',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE team_orders SET buyer = jsonb_build_object('firstName', ${p.pseudonym.firstName}::text,
          'lastName', ${p.pseudonym.lastName}::text, 'email', ${p.pseudonym.email}::text, 'phoneNumber', '', 'jobTitle', '')
        WHERE manager_user_id = ${p.id} OR lower(buyer->>'email') = lower(${p.email})`),
  },
  { table: 'invoices', exportedIn: ['invoices'], heldBy: 'payments', why: 'numbers and dates', erase: noop },
  {
    table: 'team_seats',
    exportedIn: ['orders'],
    why: 'seats they held: name and email as the manager typed them',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE team_seats SET email = ${p.pseudonym.email}, first_name = ${p.pseudonym.firstName},
        last_name = ${p.pseudonym.lastName} WHERE user_id = ${p.id}`),
  },
  { table: 'seat_withdrawals', exportedIn: ['orders'], why: 'the employer name only', erase: noop },
  {
    table: 'apprenticeships',
    exportedIn: ['otj-log'],
    heldBy: 'apprenticeship',
    why: 'the apprenticeship record: kept for the funding agreement',
    erase: noop,
  },
  {
    table: 'otj_entries',
    exportedIn: ['otj-log'],
    heldBy: 'apprenticeship',
    why: 'off-the-job log and evidence: kept for the funding agreement, mentions replaced',
    erase: (tx, p) => scrubColumns(tx, 'otj_entries', ['description', 'rejection_reason'], p),
  },
  {
    table: 'progress_reviews',
    exportedIn: ['otj-reviews'],
    heldBy: 'apprenticeship',
    why: 'progress reviews: kept for the funding agreement, mentions replaced',
    erase: (tx, p) =>
      scrubColumns(tx, 'progress_reviews', ['progress_summary', 'next_steps', 'support_needs'], p),
  },
  {
    table: 'review_signatures',
    exportedIn: ['otj-reviews'],
    heldBy: 'apprenticeship',
    why: 'signed names',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE review_signatures SET name = ${p.pseudonym.fullName} WHERE user_id = ${p.id}`),
  },
  {
    table: 'employer_contact_proposals',
    exportedIn: ['consents'],
    why: 'offers to be their employer contact, not yet answered',
    erase: (tx, p) =>
      tx.execute(
        sql`DELETE FROM employer_contact_proposals WHERE student_id = ${p.id} OR manager_user_id = ${p.id}`,
      ),
  },
  {
    table: 'employer_contact_endings',
    exportedIn: ['consents'],
    why: 'ended employer contacts, by name and email',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE employer_contact_endings SET contact_name = ${p.pseudonym.fullName},
        contact_email = ${p.pseudonym.email} WHERE contact_id = ${p.id} OR lower(contact_email) = lower(${p.email})`),
  },
  {
    table: 'staff_invitations',
    why: 'staff only; staff accounts are not erased, but an invitation may have gone to their email',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE staff_invitations SET email = ${p.pseudonym.email}, first_name = ${p.pseudonym.firstName},
        last_name = ${p.pseudonym.lastName} WHERE user_id = ${p.id} OR lower(email) = lower(${p.email})`),
  },
  { table: 'course_instructors', why: 'staff assignments', erase: noop },
  {
    table: 'audit_log',
    why: 'staff actions; summaries may name them (rewritten in place, docs/decisions/0020-erasure-pseudonymises-in-place.md)',
    erase: async (tx, p) => {
      await tx.execute(sql`SELECT set_config('tradeskills.erasure', 'on', true)`);
      await scrubColumns(tx, 'audit_log', ['actor_email', 'summary'], p);
    },
  },
  {
    table: 'email_outbox',
    why: 'copies of emails: theirs are deleted, others mentioning them rewritten',
    erase: async (tx, p) => {
      await tx.execute(sql`DELETE FROM email_outbox WHERE lower(to_address) = lower(${p.email})`);
      await scrubColumns(tx, 'email_outbox', ['subject', 'text_body', 'html_body', 'last_error'], p);
    },
  },
  { table: 'email_attachments', why: 'deleted with their emails', erase: noop },
  {
    table: 'stored_objects',
    exportedIn: ['profile'],
    why: 'their uploads: file names dropped; the avatar deleted (held evidence stays until its hold ends)',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE stored_objects SET original_name = NULL WHERE uploaded_by = ${p.id}`),
  },
  {
    table: 'data_requests',
    exportedIn: ['data-requests'],
    why: 'the register; notes staff typed may name them',
    erase: (tx, p) => scrubColumns(tx, 'data_requests', ['note'], p),
  },
  {
    table: 'data_exports',
    why: 'copies of their data: deleted (the files after the erasure commits)',
    erase: (tx, p) => tx.execute(sql`DELETE FROM data_exports WHERE user_id = ${p.id}`),
  },
  { table: 'erasure_holds', why: 'what the erasure kept, by kind and date', erase: noop },
  { table: 'retention_log', why: 'counts by rule; no person', erase: noop },
  { table: 'courses', why: 'the catalogue', erase: noop },
  { table: 'modules', why: 'the catalogue', erase: noop },
  { table: 'topics', why: 'the catalogue', erase: noop },
  { table: 'quizzes', why: 'the catalogue', erase: noop },
  { table: 'quiz_questions', why: 'the catalogue', erase: noop },
  { table: 'quiz_answers', why: 'the catalogue', erase: noop },
  { table: 'scorm_packages', why: 'the catalogue', erase: noop },
  { table: 'module_completion_counts', why: 'an aggregate', erase: noop },
  { table: 'invoice_counters', why: 'a counter', erase: noop },
  { table: 'processed_provider_events', why: 'provider event ids', erase: noop },
  { table: 'app_settings', why: 'settings and keys', erase: noop },
  // Money both ways (README 'Refunds and credit notes'): held with the payments they belong to.
  {
    table: 'refunds',
    heldBy: 'payments',
    why: 'refunds of their payments: amounts and reasons, mentions replaced',
    erase: (tx, p) => scrubColumns(tx, 'refunds', ['reason'], p),
  },
  {
    table: 'credit_notes',
    heldBy: 'payments',
    why: 'credit notes against their invoices: kept for HMRC, mentions replaced',
    erase: (tx, p) => scrubColumns(tx, 'credit_notes', ['reason'], p),
  },
  { table: 'discount_codes', why: 'the codes; the creating staff member by id only', erase: noop },
  {
    table: 'discount_redemptions',
    heldBy: 'payments',
    why: 'a code used with a payment: the buyer email counts per-customer limits; replaced',
    erase: (tx, p) => scrubColumns(tx, 'discount_redemptions', ['email'], p),
  },
  // Notifications (README 'Notifications'): their own are deleted, others' mentions replaced.
  {
    table: 'notifications',
    why: 'what they were told in the app; others may name them',
    erase: async (tx, p) => {
      await tx.execute(sql`DELETE FROM notifications WHERE user_id = ${p.id}`);
      await scrubColumns(tx, 'notifications', ['title', 'body'], p);
    },
  },
  {
    table: 'notification_preferences',
    why: 'their email switches',
    erase: (tx, p) => tx.execute(sql`DELETE FROM notification_preferences WHERE user_id = ${p.id}`),
  },
  {
    table: 'unsubscribe_tokens',
    why: 'hashed one-click unsubscribe links',
    erase: (tx, p) => tx.execute(sql`DELETE FROM unsubscribe_tokens WHERE user_id = ${p.id}`),
  },
  {
    table: 'scheduled_jobs',
    why: 'the job queue: ids, run and cleared; errors may name them',
    erase: (tx, p) => scrubColumns(tx, 'scheduled_jobs', ['last_error'], p),
  },
  {
    table: 'live_session_responses',
    why: 'their answers to "Attending?"',
    erase: (tx, p) => tx.execute(sql`DELETE FROM live_session_responses WHERE user_id = ${p.id}`),
  },
  {
    table: 'live_session_attendance',
    heldBy: 'apprenticeship',
    why: 'the register (evidence for off-the-job hours): ids only, kept',
    erase: noop,
  },
  // Apprenticeship standards (docs/apprenticeships.md): kept for the funding agreement, mentions replaced.
  { table: 'standards', why: 'the standards imported; the importing staff member by id only', erase: noop },
  { table: 'standard_ksbs', why: 'the standards’ KSBs', erase: noop },
  {
    table: 'otj_entry_ksbs',
    heldBy: 'apprenticeship',
    why: 'KSB tags on their log entries: ids only',
    erase: noop,
  },
  {
    table: 'ksb_signoffs',
    heldBy: 'apprenticeship',
    why: 'KSBs signed off: the tutor’s name as signed',
    erase: (tx, p) => scrubColumns(tx, 'ksb_signoffs', ['signed_name'], p),
  },
  {
    table: 'gateway_signatures',
    heldBy: 'apprenticeship',
    why: 'ready-for-gateway signatures: names as signed',
    erase: (tx, p) => scrubColumns(tx, 'gateway_signatures', ['name'], p),
  },
  {
    table: 'apprenticeship_qualifications',
    heldBy: 'apprenticeship',
    why: 'mandatory qualifications and their evidence files',
    erase: (tx, p) => scrubColumns(tx, 'apprenticeship_qualifications', ['title'], p),
  },
];

async function noop(): Promise<void> {}
