import { Badge } from '#client/components/ui/badge.tsx';
import type { TeamOrderStatus } from '#shared/schemas/teams.ts';

const LABEL: Record<TeamOrderStatus, string> = {
  paid: 'Paid',
  unconfirmed: 'Awaiting confirmation',
  awaiting_payment: 'Awaiting payment',
  overdue: 'Overdue',
  pending: 'Payment pending',
  canceled: 'Cancelled',
};

export function OrderStatusBadge({ status }: { status: TeamOrderStatus }) {
  const variant =
    status === 'paid'
      ? 'success'
      : status === 'overdue' || status === 'canceled'
        ? 'destructive'
        : 'secondary';
  return <Badge variant={variant}>{LABEL[status]}</Badge>;
}
