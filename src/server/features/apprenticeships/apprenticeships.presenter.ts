import type { otjEntries } from '#server/db/schema/index.ts';
import type { AdminApprentice, OtjEntry } from '#shared/schemas/apprenticeships.ts';
import type { ApprenticeFiguresRow } from './figures.repo.ts';
import { displayName } from './names.presenter.ts';

export type OtjEntryRow = typeof otjEntries.$inferSelect;

export const secondsToHours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

export function presentEntry(row: OtjEntryRow, ksbs: OtjEntry['ksbs'] = []): OtjEntry {
  return {
    id: row.id,
    date: row.date,
    hours: secondsToHours(row.seconds),
    activity: row.activity,
    description: row.description,
    inPaidHours: row.inPaidHours,
    evidencePath: row.evidencePath,
    source: row.source,
    status: row.status,
    rejectionReason: row.rejectionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ksbs,
  };
}

/** A row of the admin's Apprentices list. */
export function presentApprentice(r: ApprenticeFiguresRow): AdminApprentice {
  return {
    studentId: r.studentId,
    name: displayName(r),
    email: r.email,
    standard: r.standard,
    startDate: r.startDate,
    endDate: r.endDate,
    plannedOtjHours: r.plannedOtjHours,
    ...r.figures,
  };
}
