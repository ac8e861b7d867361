import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, CheckCircle2, FileText } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDate, formatPrice } from '#shared/format.ts';
import { type AdminTeamOrder, adjustSeatsSchema, invoiceLabel } from '#shared/schemas/teams.ts';
import { errorToast, successToast } from '../api/admin-api.ts';
import { useAdjustSeats, useMarkPaid, useTeamOrders } from '../api/teams-api.ts';
import { EmptyState } from './empty-state.tsx';

const STATUS: Record<
  AdminTeamOrder['status'],
  { label: string; variant: 'success' | 'destructive' | 'secondary' }
> = {
  paid: { label: 'Paid', variant: 'success' },
  unconfirmed: { label: 'Awaiting buyer’s confirmation', variant: 'secondary' },
  awaiting_payment: { label: 'Awaiting payment', variant: 'secondary' },
  overdue: { label: 'Overdue', variant: 'destructive' },
  pending: { label: 'Card payment pending', variant: 'secondary' },
  canceled: { label: 'Cancelled', variant: 'destructive' },
};

/** Teams: every company's orders, mark invoice orders paid, adjust seats, members. */
export function TeamsTab() {
  const { data, isLoading } = useTeamOrders();
  if (isLoading) return <Spinner label="Loading team orders..." showLabel />;
  const orders = data?.orders ?? [];
  if (orders.length === 0) {
    return (
      <EmptyState icon={Building2} title="No team orders yet">
        Employers buy seats from any course page.
      </EmptyState>
    );
  }
  const companies = [...new Set(orders.map((o) => o.company.name))];
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {companies.length} {companies.length === 1 ? 'company' : 'companies'} · {orders.length} orders ·{' '}
        {orders.filter((o) => o.status === 'overdue').length} overdue
      </p>
      {companies.map((company) => (
        <section key={company} aria-label={company} className="flex flex-col gap-3">
          <h3 className="text-lg font-bold text-navy-950">{company}</h3>
          <div className="grid gap-4 xl:grid-cols-2">
            {orders
              .filter((o) => o.company.name === company)
              .map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function OrderCard({ order }: { order: AdminTeamOrder }) {
  const markPaid = useMarkPaid();
  const status = STATUS[order.status];
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid={`team-order-${order.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-navy-950">
            {order.courseTitle}
            {order.parentOrderId ? (
              <span className="font-normal text-muted-foreground"> (more seats)</span>
            ) : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {order.buyer.firstName} {order.buyer.lastName} · {order.buyer.email}
          </p>
          <p className="text-sm text-muted-foreground">
            {formatPrice(order.amountPence, 'pence')} by {order.payBy} · ordered {formatDate(order.createdAt)}
            {order.dueAt && order.status !== 'paid' ? ` · due ${formatDate(order.dueAt)}` : ''}
            {order.company.poNumber ? ` · PO ${order.company.poNumber}` : ''}
          </p>
        </div>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {order.invoice ? (
          <Button asChild variant="ghost" size="sm">
            <a href={`/api/invoices/${order.invoice.id}.pdf`} download>
              <FileText aria-hidden="true" />
              {invoiceLabel(order.invoice.number)}
            </a>
          </Button>
        ) : null}
        {order.status === 'awaiting_payment' || order.status === 'overdue' ? (
          <Button
            size="sm"
            disabled={markPaid.isPending}
            onClick={() =>
              markPaid.mutate(order.id, {
                onSuccess: () => successToast('Order marked paid; the receipt is on its way.'),
                onError: (error) => errorToast('Failed to mark the order paid', error),
              })
            }
          >
            <CheckCircle2 aria-hidden="true" />
            Mark paid
          </Button>
        ) : null}
      </div>
      {order.parentOrderId ? null : (
        <>
          <AdjustSeats order={order} />
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-navy-800">
              Members ({order.assigned} of {order.capacity} seats)
            </summary>
            <ul className="mt-2 grid gap-1 text-muted-foreground">
              {order.members.map((m) => (
                <li key={m.seatId}>
                  {m.firstName} {m.lastName} · {m.email}
                </li>
              ))}
              {order.members.length === 0 ? <li>No seats assigned yet.</li> : null}
            </ul>
          </details>
        </>
      )}
    </Card>
  );
}

function AdjustSeats({ order }: { order: AdminTeamOrder }) {
  const adjust = useAdjustSeats();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof adjustSeatsSchema>, unknown, z.output<typeof adjustSeatsSchema>>({
    resolver: zodResolver(adjustSeatsSchema),
    defaultValues: { capacity: order.capacity },
  });
  const id = `capacity-${order.id}`;
  const onSubmit = handleSubmit(async ({ capacity }) => {
    try {
      await adjust.mutateAsync({ id: order.id, capacity });
      successToast('Seats updated');
    } catch (error) {
      errorToast('Failed to update seats', error);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
      <Label htmlFor={id}>Seats</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="number"
          min={1}
          className="w-24"
          aria-invalid={errors.capacity ? true : undefined}
          {...register('capacity')}
        />
        <Button type="submit" size="sm" variant="outline" className="h-10" disabled={isSubmitting}>
          Save
        </Button>
      </div>
      <FieldError>{errors.capacity?.message}</FieldError>
    </form>
  );
}
