import { sql } from 'drizzle-orm';
import { rewritingForErasure, scrubbed, scrubColumns } from './person.repo.ts';
import {
  MESSAGE_REMOVED,
  noop,
  notAboutAPerson,
  REMOVED,
  REVIEW_REMOVED,
  type TableEntry,
} from './personal-data.types.ts';
import { FEATURE_TABLES } from './personal-data-features.registry.ts';

// Every table of the database, and what a data export and an erasure do with it (README 'Your data'); the types
// and rules are in personal-data.types.ts, the tables of later features in personal-data-features.registry.ts.

export type { ExportKindName } from './personal-data.types.ts';
export { MESSAGE_REMOVED } from './personal-data.types.ts';

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
    why: 'hashed reset links',
    notExported: 'hashes of short-lived links: nothing readable, and no use once expired',
    erase: (tx, p) => tx.execute(sql`DELETE FROM password_reset_tokens WHERE user_id = ${p.id}`),
  },
  {
    table: 'rate_limits',
    why: 'throttle counters keyed by email; kept a day (retention schedule)',
    notExported: 'sign-in attempt counters, deleted after a day',
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
    exportedIn: ['progress', 'scorm-runs'],
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
    exportedIn: ['orders', 'consents'],
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
    table: 'card_changes',
    why: "a monthly plan's card changes: the provider's setup id and the new card's brand and last four digits",
    notExported:
      "the plan's card as it is now is on the account's Billing; these rows only carry a change to it",
    // Finished changes go; one still open keeps its plan but no longer names the person.
    erase: async (tx, p) => {
      await tx.execute(sql`DELETE FROM card_changes WHERE user_id = ${p.id} AND status <> 'pending'`);
      await tx.execute(sql`UPDATE card_changes SET user_id = NULL WHERE user_id = ${p.id}`);
    },
  },
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
    exportedIn: ['apprenticeship', 'consents'],
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
    exportedIn: ['staff'],
    why: 'staff only; staff accounts are not erased, but an invitation may have gone to their email',
    erase: (tx, p) =>
      tx.execute(sql`UPDATE staff_invitations SET email = ${p.pseudonym.email}, first_name = ${p.pseudonym.firstName},
        last_name = ${p.pseudonym.lastName} WHERE user_id = ${p.id} OR lower(email) = lower(${p.email})`),
  },
  { table: 'course_instructors', exportedIn: ['staff'], why: 'staff assignments', erase: noop },
  {
    table: 'audit_log',
    exportedIn: ['audit-trail'],
    why: 'staff actions; summaries may name them (rewritten in place, docs/decisions/0020-erasure-pseudonymises-in-place.md)',
    erase: async (tx, p) => {
      await rewritingForErasure(tx);
      await scrubColumns(tx, 'audit_log', ['actor_email', 'summary'], p);
    },
  },
  {
    table: 'email_outbox',
    exportedIn: ['emails'],
    why: 'copies of emails: theirs are deleted, others mentioning them rewritten',
    erase: async (tx, p) => {
      await tx.execute(sql`DELETE FROM email_outbox WHERE lower(to_address) = lower(${p.email})`);
      await scrubColumns(tx, 'email_outbox', ['subject', 'text_body', 'html_body', 'last_error'], p);
    },
  },
  {
    table: 'email_attachments',
    why: 'deleted with their emails',
    notExported: 'the invoices and credit notes attached are in files/ already',
    erase: noop,
  },
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
    exportedIn: ['data-requests'],
    why: 'copies of their data: deleted (the files after the erasure commits)',
    erase: (tx, p) => tx.execute(sql`DELETE FROM data_exports WHERE user_id = ${p.id}`),
  },
  {
    table: 'erasure_holds',
    why: 'what the erasure kept, by kind and date',
    notExported: 'written only when the account is erased, after which no export can be made',
    erase: noop,
  },
  notAboutAPerson('retention_log', 'counts by rule'),
  notAboutAPerson('courses', 'the catalogue'),
  notAboutAPerson('modules', 'the catalogue'),
  notAboutAPerson('topics', 'the catalogue'),
  notAboutAPerson('quizzes', 'the catalogue'),
  notAboutAPerson('quiz_questions', 'the catalogue'),
  notAboutAPerson('quiz_answers', 'the catalogue'),
  notAboutAPerson('scorm_packages', 'the catalogue'),
  notAboutAPerson('course_seat_tiers', 'team prices'),
  notAboutAPerson('module_completion_counts', 'an aggregate'),
  notAboutAPerson('invoice_counters', 'a counter'),
  notAboutAPerson('processed_provider_events', 'provider event ids'),
  notAboutAPerson('app_settings', 'settings and keys'),
  ...FEATURE_TABLES,
];
