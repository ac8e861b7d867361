import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import type { HOLD_KINDS } from '#server/db/schema/index.ts';
import { taxRecordsHeldUntil } from '#shared/retention-schedule.ts';
import { type Person, query } from './person.repo.ts';

// Legal holds (README 'Your data'): what an erasure must keep, why, and until when. Erasure (Art. 17) does not
// apply where keeping the data is a legal obligation (Art. 17(3)(b)).

export type HoldKind = (typeof HOLD_KINDS)[number];

export interface HoldPlan {
  kind: HoldKind;
  /** YYYY-MM-DD: the last day the records are kept. */
  until: string;
  reason: string;
}

export const HOLD_REASONS: Record<HoldKind, string> = {
  payments:
    'HMRC and the Companies Act 2006: payments, invoices and credit notes are kept for 6 years after the end of the tax year they fall in',
  apprenticeship:
    "The apprenticeship funding agreement: learner records and evidence are kept until the agreement's retention date",
};

/** The holds that apply to a person now (none when they have no payments and no apprenticeship). */
export async function holdsFor(
  tx: Queryable,
  person: Person,
  fundingRetentionUntil: string,
): Promise<HoldPlan[]> {
  const [money] = await query(
    tx,
    sql`SELECT greatest(
          (SELECT max(created_at) FROM payments WHERE user_id = ${person.id} OR lower(email) = lower(${person.email})),
          (SELECT max(greatest(o.created_at, o.paid_at, i.issued_at)) FROM team_orders o
             LEFT JOIN invoices i ON i.team_order_id = o.id
           WHERE o.manager_user_id = ${person.id} OR lower(o.buyer->>'email') = lower(${person.email}))
        ) AS "latest",
        EXISTS (SELECT 1 FROM apprenticeships WHERE student_id = ${person.id}) AS "apprentice"`,
  );
  const holds: HoldPlan[] = [];
  if (money?.latest) {
    const latest = new Date(money.latest as string);
    holds.push({ kind: 'payments', until: taxRecordsHeldUntil(latest), reason: HOLD_REASONS.payments });
  }
  if (money?.apprentice) {
    holds.push({ kind: 'apprenticeship', until: fundingRetentionUntil, reason: HOLD_REASONS.apprenticeship });
  }
  return holds;
}

/** The object paths of the evidence the apprenticeship hold keeps: OTJ entries' and qualifications'. */
export const heldEvidence = (userId: string) =>
  sql`SELECT evidence_path FROM otj_entries WHERE student_id = ${userId} AND evidence_path IS NOT NULL
      UNION SELECT q.evidence_path FROM apprenticeship_qualifications q
        JOIN apprenticeships a ON a.id = q.apprenticeship_id
      WHERE a.student_id = ${userId} AND q.evidence_path IS NOT NULL`;

/**
 * Finishes the erasure a hold postponed, inside the caller's transaction: deletes the held records (or, for money,
 * the last link from them to the pseudonym) and returns the object keys to delete once it commits.
 */
export async function finishHeld(tx: Queryable, userId: string, kind: HoldKind): Promise<string[]> {
  if (kind === 'payments') {
    // The amounts stay (revenue figures and the invoice sequence); nothing in them points at the person any more.
    await tx.execute(
      sql`UPDATE payments SET user_id = NULL, student_data = '{}'::jsonb WHERE user_id = ${userId}`,
    );
    await tx.execute(sql`UPDATE team_orders SET manager_user_id = NULL WHERE manager_user_id = ${userId}`);
    return [];
  }
  const evidence = await query(tx, sql`SELECT DISTINCT path FROM (${heldEvidence(userId)}) AS held(path)`);
  const keys = evidence.map((r) => String(r.path).replace(/^\/objects\//, ''));
  if (keys.length) {
    await tx.execute(
      sql`DELETE FROM stored_objects WHERE key IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  }
  await tx.execute(sql`DELETE FROM employer_contact_endings WHERE student_id = ${userId}`);
  // Cascades to the OTJ entries, progress reviews and their signatures, KSB evidence, sign-offs, qualifications
  // and gateway signatures.
  await tx.execute(sql`DELETE FROM apprenticeships WHERE student_id = ${userId}`);
  await tx.execute(sql`DELETE FROM otj_entries WHERE student_id = ${userId}`);
  await tx.execute(sql`DELETE FROM progress_reviews WHERE student_id = ${userId}`);
  return keys;
}
