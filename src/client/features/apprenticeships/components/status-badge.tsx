import { Badge } from '#client/components/ui/badge.tsx';
import type { OtjEntry } from '#shared/schemas/apprenticeships.ts';

const STATUS = {
  pending: { label: 'Pending', variant: 'secondary' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
} as const;

const SOURCE: Record<OtjEntry['source'], string | null> = {
  apprentice: null,
  video: 'Logged by platform: video watched',
  quiz: 'Logged by platform: quiz',
  live_session: 'Logged by platform: live session',
};

export function StatusBadge({ status }: { status: OtjEntry['status'] }) {
  return <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>;
}

export function SourceBadge({ source }: { source: OtjEntry['source'] }) {
  const label = SOURCE[source];
  return label ? <Badge variant="outline">{label}</Badge> : null;
}
