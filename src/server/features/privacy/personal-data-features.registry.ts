import { sql } from 'drizzle-orm';
import { rewritingForErasure, scrubColumns } from './person.repo.ts';
import { noop, notAboutAPerson, type TableEntry } from './personal-data.types.ts';

// The personal-data registry's entries for the features built beside 'Your data' (README 'Your data'): money
// both ways, discounts, notifications, live-session answers and registers, standards and KSB evidence.

export const FEATURE_TABLES: TableEntry[] = [
  // Money both ways (README 'Refunds and credit notes'): held with the payments they belong to.
  {
    table: 'refunds',
    exportedIn: ['refunds'],
    heldBy: 'payments',
    why: 'refunds of their payments: amounts and reasons, mentions replaced',
    erase: (tx, p) => scrubColumns(tx, 'refunds', ['reason'], p),
  },
  {
    table: 'refund_parts',
    heldBy: 'payments',
    why: "a refund's provider refunds, one per charge: amounts and provider ids only; kept",
    notExported: 'amounts per charge; the refund they make up is in refunds',
    erase: noop,
  },
  {
    table: 'credit_notes',
    exportedIn: ['refunds'],
    heldBy: 'payments',
    why: 'credit notes against their invoices: kept for HMRC, mentions replaced (migration 0020 lets an erasure)',
    erase: async (tx, p) => {
      await rewritingForErasure(tx);
      await scrubColumns(tx, 'credit_notes', ['reason'], p);
    },
  },
  {
    table: 'discount_codes',
    why: 'the codes; the creating staff member by id only',
    notExported: 'the codes finance made; the ones the person used are in discounts',
    erase: noop,
  },
  {
    table: 'discount_redemptions',
    exportedIn: ['discounts'],
    heldBy: 'payments',
    why: 'a code used with a payment: the buyer email counts per-customer limits; replaced',
    erase: (tx, p) => scrubColumns(tx, 'discount_redemptions', ['email'], p),
  },
  // Notifications (README 'Notifications'): their own are deleted, others' mentions replaced.
  {
    table: 'notifications',
    exportedIn: ['notifications'],
    why: 'what they were told in the app; others may name them',
    erase: async (tx, p) => {
      await tx.execute(sql`DELETE FROM notifications WHERE user_id = ${p.id}`);
      await scrubColumns(tx, 'notifications', ['title', 'body'], p);
    },
  },
  {
    table: 'notification_preferences',
    exportedIn: ['notifications'],
    why: 'their email switches',
    erase: (tx, p) => tx.execute(sql`DELETE FROM notification_preferences WHERE user_id = ${p.id}`),
  },
  {
    table: 'unsubscribe_tokens',
    why: 'hashed one-click unsubscribe links',
    notExported: 'hashes of links: nothing readable',
    erase: (tx, p) => tx.execute(sql`DELETE FROM unsubscribe_tokens WHERE user_id = ${p.id}`),
  },
  {
    table: 'scheduled_jobs',
    why: 'the job queue: ids, run and cleared; errors may name them',
    notExported: 'reminders waiting to be sent, by id; what they sent is in notifications and emails',
    erase: (tx, p) => scrubColumns(tx, 'scheduled_jobs', ['last_error'], p),
  },
  {
    table: 'live_session_responses',
    exportedIn: ['live-sessions'],
    why: 'their answers to "Attending?"',
    erase: (tx, p) => tx.execute(sql`DELETE FROM live_session_responses WHERE user_id = ${p.id}`),
  },
  {
    table: 'live_session_attendance',
    exportedIn: ['live-sessions'],
    heldBy: 'apprenticeship',
    why: 'the register (evidence for off-the-job hours): ids only, kept',
    erase: noop,
  },
  // Apprenticeship standards (docs/apprenticeships.md): kept for the funding agreement, mentions replaced.
  notAboutAPerson('standards', 'the standards imported; the importing staff member by id only'),
  notAboutAPerson('standard_ksbs', 'the standards’ KSBs'),
  notAboutAPerson('topic_ksbs', 'which topics evidence which KSBs'),
  {
    table: 'topic_ksb_evidence',
    exportedIn: ['ksbs'],
    heldBy: 'apprenticeship',
    why: 'KSBs evidenced by topics they completed: ids only',
    erase: noop,
  },
  {
    table: 'otj_entry_ksbs',
    exportedIn: ['ksbs'],
    heldBy: 'apprenticeship',
    why: 'KSB tags on their log entries: ids only',
    erase: noop,
  },
  {
    table: 'ksb_signoffs',
    exportedIn: ['ksbs'],
    heldBy: 'apprenticeship',
    why: 'KSBs signed off: the tutor’s name as signed',
    erase: (tx, p) => scrubColumns(tx, 'ksb_signoffs', ['signed_name'], p),
  },
  {
    table: 'gateway_signatures',
    exportedIn: ['apprenticeship'],
    heldBy: 'apprenticeship',
    why: 'ready-for-gateway signatures: names as signed',
    erase: (tx, p) => scrubColumns(tx, 'gateway_signatures', ['name'], p),
  },
  {
    table: 'apprenticeship_qualifications',
    exportedIn: ['qualifications'],
    heldBy: 'apprenticeship',
    why: 'mandatory qualifications and their evidence files',
    erase: (tx, p) => scrubColumns(tx, 'apprenticeship_qualifications', ['title'], p),
  },
];
