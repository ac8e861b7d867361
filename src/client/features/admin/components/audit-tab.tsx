import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { AuditQuery } from '#shared/schemas/staff.ts';
import { auditCsvUrl, useAudit, useStaffList } from '../api/staff-api.ts';
import { EmptyState } from './empty-state.tsx';

const ENTITY_TYPES = [
  'apprenticeship',
  'otj_entry',
  'progress_review',
  'course',
  'module',
  'topic',
  'quiz',
  'live_session',
  'student',
  'certificate',
  'course_review',
  'team_order',
  'staff_invitation',
  'user',
];

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Audit (admins): who changed what, when and from where; filter by person, entity and date; export CSV. */
export function AuditTab() {
  const [query, setQuery] = useState<AuditQuery>({});
  const staff = useStaffList();
  const { data, isLoading, isFetching } = useAudit(query);
  const set = (key: keyof AuditQuery) => (value: string) =>
    setQuery((q) => ({ ...q, [key]: value || undefined }));
  const items = data?.items ?? [];

  return (
    <div className="flex flex-col gap-4">
      <Card className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-person">Person</Label>
          <Select
            id="audit-person"
            value={query.actorId ?? ''}
            onChange={(e) => set('actorId')(e.target.value)}
          >
            <option value="">Everyone</option>
            {staff.data?.map((m) => (
              <option key={m.userId} value={m.userId}>
                {[m.firstName, m.lastName].filter(Boolean).join(' ') || m.email}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-entity">Entity</Label>
          <Select
            id="audit-entity"
            value={query.entityType ?? ''}
            onChange={(e) => set('entityType')(e.target.value)}
          >
            <option value="">Any</option>
            {ENTITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {t.replaceAll('_', ' ')}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={query.from ?? ''}
            onChange={(e) => set('from')(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={query.to ?? ''}
            onChange={(e) => set('to')(e.target.value)}
          />
        </div>
        <Button variant="outline" asChild>
          <a href={auditCsvUrl(query)} download>
            <Download aria-hidden="true" /> Export CSV
          </a>
        </Button>
      </Card>
      {isLoading ? (
        <Spinner label="Loading the audit log..." showLabel />
      ) : !items.length ? (
        <EmptyState icon={ScrollText} title="Nothing recorded">
          No staff changes match these filters.
        </EmptyState>
      ) : (
        <ol
          className={`flex flex-col divide-y divide-border rounded-xl border border-border bg-card shadow-card ${isFetching ? 'opacity-70' : ''}`}
        >
          {items.map((e) => (
            <li
              key={`${e.at}-${e.action}-${e.entityId}-${e.summary}`}
              className="grid gap-1 p-3 text-sm sm:grid-cols-[11rem_minmax(0,14rem)_minmax(0,1fr)] sm:gap-4"
            >
              <time dateTime={e.at} className="text-muted-foreground">
                {when.format(new Date(e.at))}
              </time>
              <span className="min-w-0 truncate font-medium text-navy-900" title={e.ipAddress ?? undefined}>
                {e.actorEmail ?? 'Unknown'}
              </span>
              <span className="min-w-0 break-words">
                <span className="font-mono text-xs text-safety-700">{e.action}</span>{' '}
                <span className="text-muted-foreground">
                  {e.entityType} {e.entityId.slice(0, 8)}
                </span>
                <span className="block text-navy-900">{e.summary}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
