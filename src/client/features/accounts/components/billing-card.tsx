import { Download, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { formatDate, formatPrice } from '#shared/format.ts';
import type { AccountOrder } from '#shared/schemas/refunds.ts';
import {
  creditNotePdfUrl,
  invoicePdfUrl,
  refundReceiptPdfUrl,
  useAccountOrders,
  useAskForRefund,
  useCancelOrder,
} from '../api/orders.ts';
import { SectionHeading } from './section-heading.tsx';

const STATUS: Record<
  AccountOrder['status'],
  { label: string; variant: 'success' | 'secondary' | 'destructive' }
> = {
  paid: { label: 'Paid', variant: 'success' },
  partially_refunded: { label: 'Partly refunded', variant: 'secondary' },
  refunded: { label: 'Refunded', variant: 'secondary' },
};

/** Billing: the buyer's orders, Cancel within 14 days (two clicks), else why not and "Ask for a refund". */
export function BillingCard() {
  const orders = useAccountOrders();
  if (orders.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (!orders.data?.length) return null;
  return (
    <Card role="region" className="p-5 sm:p-6" aria-labelledby="billing-heading">
      <SectionHeading
        id="billing-heading"
        title="Billing"
        description="Your orders and receipts. You can cancel within 14 days of buying, as long as you have not started the course."
      />
      <ul className="flex flex-col divide-y divide-border">
        {orders.data.map((order) => (
          <OrderRow key={order.paymentId} order={order} />
        ))}
      </ul>
    </Card>
  );
}

function OrderRow({ order }: { order: AccountOrder }) {
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  const status = STATUS[order.status];
  const why = order.started
    ? 'You have started this course, so it can no longer be cancelled.'
    : new Date(order.cancellableUntil) <= new Date()
      ? `The 14 days to cancel ended on ${formatDate(order.cancellableUntil)}.`
      : null;

  const onCancel = () =>
    cancel.mutate(order.paymentId, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Order cancelled',
          description: `${formatPrice(order.amountPence - order.refundedPence, 'pence')} is on its way back to your card.`,
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: 'Error',
          description: getErrorMessage(error, 'Could not cancel'),
          variant: 'destructive',
        });
      },
    });

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid={`order-${order.reference}`}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-700">
          <ReceiptText aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium text-navy-950">{order.courseTitle}</p>
          <p className="text-sm text-muted-foreground">
            {order.reference} · {formatDate(order.createdAt)} · {formatPrice(order.amountPence, 'pence')}
            {order.plan === 'monthly' ? ' (first monthly payment)' : ''}
          </p>
          {order.refundedPence > 0 ? (
            <p className="text-sm text-muted-foreground">
              Refunded {formatPrice(order.refundedPence, 'pence')}
            </p>
          ) : null}
        </div>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <Receipt order={order} />
      {order.cancellable ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            You can cancel until {formatDate(order.cancellableUntil)}.
          </p>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Cancel order
          </Button>
        </div>
      ) : order.status === 'paid' && why ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{why}</p>
          {asking ? (
            <AskForRefund paymentId={order.paymentId} onDone={() => setAsking(false)} />
          ) : (
            <Button variant="outline" className="self-start" onClick={() => setAsking(true)}>
              Ask for a refund
            </Button>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel ${order.courseTitle}?`}
        description={`You get ${formatPrice(order.amountPence - order.refundedPence, 'pence')} back on your card and the course leaves your account.`}
        confirmLabel="Cancel and refund"
        cancelLabel="Keep my course"
        busy={cancel.isPending}
        onConfirm={onCancel}
      />
    </li>
  );
}

const INSTALMENT_STATUS: Record<string, string> = {
  paid: 'Paid',
  scheduled: 'Due',
  failed: 'Failed',
  canceled: 'Cancelled',
};

/**
 * The receipt (docs/product.md#invoices-and-receipts): a monthly plan's schedule, the VAT invoice, if any, and the
 * credit notes of its refunds, or the refund receipts of refunds with no invoice to credit.
 */
function Receipt({ order }: { order: AccountOrder }) {
  const documents = order.invoice || order.creditNotes.length || order.refundReceipts.length;
  if (!order.schedule.length && !documents) return null;
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-navy-50/60 p-3 text-sm">
      {order.schedule.length ? (
        <div>
          <p className="font-medium text-navy-950">
            Monthly plan: {order.schedule.length} payments of{' '}
            {formatPrice(order.schedule[0]!.amountPence, 'pence')}
          </p>
          <ol className="mt-1 grid gap-1" aria-label={`Payment schedule for ${order.reference}`}>
            {order.schedule.map((item) => (
              <li key={item.sequence} className="flex justify-between gap-3 text-muted-foreground">
                <span>
                  Payment {item.sequence} · {formatDate(item.dueAt)}
                </span>
                <span>
                  {formatPrice(item.amountPence, 'pence')} · {INSTALMENT_STATUS[item.status] ?? item.status}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {order.invoice ? (
        <Button asChild variant="outline" size="sm" className="self-start">
          <a href={invoicePdfUrl(order.invoice.id)} download>
            <Download aria-hidden="true" />
            VAT invoice {order.invoice.number} (PDF)
          </a>
        </Button>
      ) : null}
      {order.creditNotes.map((note) => (
        <Button key={note.id} asChild variant="outline" size="sm" className="self-start">
          <a href={creditNotePdfUrl(note.id)} download>
            <Download aria-hidden="true" />
            Credit note {note.number} (PDF)
          </a>
        </Button>
      ))}
      {order.refundReceipts.map((receipt) => (
        <Button
          key={receipt.refundId}
          asChild
          variant="outline"
          size="sm"
          className="h-auto min-h-9 self-start whitespace-normal text-left"
        >
          <a
            href={refundReceiptPdfUrl(receipt.refundId)}
            download
            title={`Refunded on ${formatDate(receipt.refundedAt)}`}
          >
            <Download aria-hidden="true" />
            Refund receipt, {formatPrice(receipt.amountPence, 'pence')} (PDF)
          </a>
        </Button>
      ))}
    </div>
  );
}

function AskForRefund({ paymentId, onDone }: { paymentId: string; onDone: () => void }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ask = useAskForRefund();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        ask.mutate(
          { paymentId, message },
          {
            onSuccess: () => {
              toast({ title: 'Request sent', description: 'Our finance team will reply by email.' });
              onDone();
            },
            onError: (e) => setError(getErrorMessage(e, 'Could not send your request')),
          },
        );
      }}
    >
      <Label htmlFor={id}>Why would you like a refund?</Label>
      <Textarea
        id={id}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        rows={3}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div className="flex gap-2">
        <Button type="submit" disabled={ask.isPending}>
          Send to our finance team
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Never mind
        </Button>
      </div>
    </form>
  );
}
