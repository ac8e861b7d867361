import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { otjEntries } from '#server/db/schema/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { toCsv } from '#server/lib/csv.util.ts';
import { ukIsoDate } from '#shared/format.ts';
import { OTJ_ACTIVITY_LABELS } from '#shared/schemas/apprenticeships.ts';
import { secondsToHours } from './apprenticeships.presenter.ts';
import { loadFigures } from './figures.repo.ts';

const SOURCE_LABELS = {
  apprentice: 'Logged by apprentice',
  video: 'Video watched',
  quiz: 'Quiz',
  live_session: 'Live session',
};

/** GET /api/otj/export.csv: the apprentice's own log. */
export async function ownLogCsv(db: Queryable, caller: Principal): Promise<string> {
  const rows = await db
    .select()
    .from(otjEntries)
    .where(eq(otjEntries.studentId, caller.id))
    .orderBy(desc(otjEntries.date), desc(otjEntries.createdAt));
  return toCsv(
    ['Date', 'Hours', 'Activity', 'Description', 'Source', 'In paid hours', 'Status', 'Rejection reason'],
    rows.map((r) => [
      r.date,
      secondsToHours(r.seconds),
      OTJ_ACTIVITY_LABELS[r.activity],
      r.description,
      SOURCE_LABELS[r.source],
      r.inPaidHours === null ? '' : r.inPaidHours ? 'Yes' : 'No',
      r.status,
      r.rejectionReason,
    ]),
  );
}

/**
 * GET /api/admin/apprentices/export.csv: what the learner record needs per apprentice (planned OTJ hours as
 * PHours, actual approved hours as OTJActHours; docs/apprenticeships.md).
 */
export async function providerCsv(db: Queryable): Promise<string> {
  const rows = await loadFigures(db);
  return toCsv(
    [
      'Learner ID',
      'First name',
      'Last name',
      'Email',
      'Standard',
      'Start date',
      'Planned end date',
      'Planned OTJ hours',
      'Actual approved OTJ hours',
    ],
    rows.map((r) => [
      r.studentId,
      r.firstName,
      r.lastName,
      r.email,
      r.standard,
      r.startDate,
      r.endDate,
      r.plannedOtjHours,
      secondsToHours(r.approvedSeconds),
    ]),
  );
}

/** Download headers for a CSV named after what it holds and today's date. */
export const csvHeaders = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}-${ukIsoDate()}.csv"`,
  'cache-control': 'no-store',
});
