import { Download, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { decimalToPence, formatDate, formatPrice, penceToDecimal } from '#shared/format.ts';
import { ADMIN_PAYMENT_STATUSES, type AdminPayment } from '#shared/schemas/refunds.ts';
import { successToast } from '../api/admin-api.ts';
import { type PaymentFilters, usePayments, useRefund } from '../api/payments-api.ts';
import { EmptyState } from './empty-state.tsx';

const STATUS_LABEL: Record<AdminPayment['status'], string> = {
  pending: 'Pending',
  requires_action: 'Awaiting 3-D Secure',
  succeeded: 'Paid',
  failed: 'Failed',
  canceled: 'Cancelled',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};
const KIND_LABEL: Record<AdminPayment['kind'], string> = {
  course: 'Course',
  monthly: 'Monthly plan',
  team: 'Team order',
  instalment: 'Overdue instalment paid',
};
const STANDING_LABEL: Record<NonNullable<AdminPayment['planStanding']>, string | null> = {
  on_schedule: null,
  overdue: 'Instalment overdue',
  paused: 'Overdue: access paused',
  defaulted: 'Defaulted',
};

/** Payments (finance and admins): every card payment with filters, totals and Refund. */
export function PaymentsTab() {
  const [filters, setFilters] = useState<PaymentFilters>({ status: '', from: '', to: '' });
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const { data, isLoading } = usePayments(filters);
  const id = useId();
  const set = (key: keyof PaymentFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,12rem))_1fr] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select id={`${id}-status`} value={filters.status} onChange={(e) => set('status')(e.target.value)}>
            <option value="">All</option>
            {ADMIN_PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from}
            onChange={(e) => set('from')(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input id={`${id}-to`} type="date" value={filters.to} onChange={(e) => set('to')(e.target.value)} />
        </div>
        <Button variant="outline" asChild className="sm:justify-self-end">
          <a href="/api/admin/ledger.csv" download>
            <Download aria-hidden="true" /> Ledger CSV
          </a>
        </Button>
      </div>
      {isLoading || !data ? (
        <Spinner label="Loading payments..." showLabel />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3" aria-label="Totals">
            {(
              [
                ['Paid', data.totals.paidPence],
                ['Refunded', data.totals.refundedPence],
                ['Net', data.totals.netPence],
              ] as const
            ).map(([label, pence]) => (
              <Card key={label} className="p-3 sm:p-4">
                <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
                <dd className="text-base font-bold text-navy-950 sm:text-xl">
                  {formatPrice(pence, 'pence')}
                </dd>
              </Card>
            ))}
          </dl>
          {data.items.length === 0 ? (
            <EmptyState icon={ReceiptText} title="No payments">
              Nothing matches these filters.
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Payments">
              {data.items.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} onRefund={() => setRefunding(payment)} />
              ))}
            </ul>
          )}
        </>
      )}
      {refunding ? <RefundDialog payment={refunding} onClose={() => setRefunding(null)} /> : null}
    </div>
  );
}

function PaymentRow({ payment, onRefund }: { payment: AdminPayment; onRefund: () => void }) {
  const left = payment.amountPence - payment.refundedPence;
  const refundable = (payment.status === 'succeeded' || payment.status === 'partially_refunded') && left > 0;
  return (
    <li>
      <Card
        className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
        data-testid={`payment-${payment.id}`}
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-navy-950">{payment.courseTitle}</p>
          <p className="truncate text-sm text-muted-foreground">
            {KIND_LABEL[payment.kind]} · {payment.buyerEmail || '—'} · {formatDate(payment.createdAt)}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          <div className="text-right">
            <p className="font-semibold text-navy-950">{formatPrice(payment.amountPence, 'pence')}</p>
            {payment.refundedPence ? (
              <p className="text-xs text-muted-foreground">
                −{formatPrice(payment.refundedPence, 'pence')} refunded
              </p>
            ) : null}
          </div>
          {payment.planStanding && STANDING_LABEL[payment.planStanding] ? (
            <Badge variant="destructive">{STANDING_LABEL[payment.planStanding]}</Badge>
          ) : null}
          <Badge
            variant={
              payment.status === 'failed' || payment.status === 'canceled' ? 'destructive' : 'secondary'
            }
          >
            {STATUS_LABEL[payment.status]}
          </Badge>
          {refundable ? (
            <Button size="sm" variant="outline" onClick={onRefund}>
              Refund
            </Button>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

function RefundDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const id = useId();
  const left = payment.amountPence - payment.refundedPence;
  const [amount, setAmount] = useState(penceToDecimal(left));
  const [reason, setReason] = useState('');
  const [endAccess, setEndAccess] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refund = useRefund();
  const submit = () => {
    const pence = decimalToPence(amount);
    if (!pence || pence <= 0) return setError('Enter an amount in pounds, like 120.00');
    refund.mutate(
      { paymentId: payment.id, amountPence: pence, reason, endAccess },
      {
        onSuccess: (done) => {
          successToast(
            `Refund of ${formatPrice(done.amountPence, 'pence')} ${done.status === 'succeeded' ? 'made' : 'sent to the card processor'}${done.creditNote ? `; credit note ${done.creditNote.number}` : ''}.`,
          );
          onClose();
        },
        onError: (e) => setError(getErrorMessage(e, 'The refund failed')),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refund {payment.courseTitle}</DialogTitle>
          <p className="text-sm text-muted-foreground">
            {formatPrice(left, 'pence')} of {formatPrice(payment.amountPence, 'pence')} left to refund.
            {payment.kind === 'team' ? ' A team order refunds unassigned seats.' : ''}
          </p>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-amount`}>Amount (£)</Label>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          {payment.kind === 'team' ? null : (
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-end`}
                checked={endAccess}
                onCheckedChange={(v) => setEndAccess(v === true)}
              />
              <Label htmlFor={`${id}-end`}>End access to the course</Label>
            </div>
          )}
          <FieldError role="alert">{error}</FieldError>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={refund.isPending}>
              {refund.isPending ? <Spinner label="Refunding..." /> : null}
              Refund
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
