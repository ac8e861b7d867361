import { Badge } from '#client/components/ui/badge.tsx';
import type { InstalmentStatus } from '#shared/schemas/instalments.ts';

const STATUS: Record<InstalmentStatus, { label: string; variant: 'success' | 'secondary' | 'destructive' }> =
  {
    paid: { label: 'Paid', variant: 'success' },
    due: { label: 'Due', variant: 'secondary' },
    overdue: { label: 'Overdue', variant: 'destructive' },
    defaulted: { label: 'Overdue', variant: 'destructive' },
    canceled: { label: 'Cancelled', variant: 'secondary' },
  };

/** An instalment's status as the buyer reads it: paid, due, overdue (defaulted is overdue to them too). */
export function ScheduleStatus({ status }: { status: InstalmentStatus }) {
  const shown = STATUS[status];
  return <Badge variant={shown.variant}>{shown.label}</Badge>;
}
