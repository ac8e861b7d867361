import type { ReactNode } from 'react';
import { formatDate, formatHours } from '#shared/format.ts';
import { OTJ_ACTIVITY_LABELS, type OtjEntry } from '#shared/schemas/apprenticeships.ts';
import { SourceBadge, StatusBadge } from './status-badge.tsx';

/** What an evidence file is, from its object path (`/objects/document/…` holds PDFs, `/objects/image/…` photos). */
export const evidenceKind = (path: string): 'PDF' | 'photo' =>
  path.includes('/document/') ? 'PDF' : 'photo';

/** Entries as cards (they read well on a phone); `actions` adds the buttons for each viewer. */
export function EntryList<T extends OtjEntry>({
  entries,
  actions,
  heading,
  empty,
  hidePendingTags = false,
}: {
  entries: T[];
  actions?: (entry: T) => ReactNode;
  /** The tutor's queue shows pending tags as toggles beside the decision buttons instead. */
  hidePendingTags?: boolean;
  heading?: (entry: T) => ReactNode;
  empty: string;
}) {
  if (entries.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="rounded-lg border border-border bg-white p-3 sm:p-4"
          data-testid="otj-entry"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {heading?.(entry)}
              <span className="font-semibold text-navy-900">{formatDate(entry.date)}</span>
              <span className="text-sm font-medium text-navy-700">{formatHours(entry.hours)}</span>
              <span className="text-sm text-muted-foreground">{OTJ_ACTIVITY_LABELS[entry.activity]}</span>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <SourceBadge source={entry.source} />
              <StatusBadge status={entry.status} />
            </div>
          </div>
          <p className="mt-2 text-sm break-words text-foreground">{entry.description}</p>
          {entry.evidencePath ? (
            <a
              href={entry.evidencePath}
              target="_blank"
              rel="noreferrer"
              className="mt-1 inline-block text-sm font-medium text-navy-700 underline underline-offset-2"
            >
              View evidence ({evidenceKind(entry.evidencePath)})
            </a>
          ) : null}
          {entry.ksbs?.length && !(hidePendingTags && entry.status === 'pending') ? (
            <p className="mt-1 flex flex-wrap items-center gap-1 text-xs">
              <span className="text-muted-foreground">KSBs:</span>
              {entry.ksbs.map((k) => (
                <span
                  key={k.id}
                  className={`rounded-full px-2 py-0.5 font-mono font-bold ${k.status === 'confirmed' ? 'bg-green-100 text-green-900' : k.status === 'rejected' ? 'bg-muted text-muted-foreground line-through' : 'bg-amber-100 text-amber-900'}`}
                >
                  {k.code}
                </span>
              ))}
            </p>
          ) : null}
          {entry.status === 'rejected' && entry.rejectionReason ? (
            <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
              <span className="font-semibold">Reason: </span>
              {entry.rejectionReason}
            </p>
          ) : null}
          {actions ? (
            <div className="mt-3 flex flex-wrap justify-end gap-2 empty:hidden">{actions(entry)}</div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
