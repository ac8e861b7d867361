import { CalendarClock, CreditCard, Download } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDate, formatPrice } from '#shared/format.ts';
import type { AccountPlan } from '#shared/schemas/instalments.ts';
import { useAccountPlans } from '../api/instalments.ts';
import { ScheduleStatus } from './schedule-status.tsx';

/**
 * Billing's monthly plans (docs/product.md#failed-instalments): each plan's schedule (paid, due, overdue) with each
 * payment's VAT invoice, the card later instalments are charged to and Change card (README 'Failed instalments'),
 * and Pay now for an overdue one (its payment card becomes the plan's card).
 */
export function PlanSchedulesCard() {
  const plans = useAccountPlans();
  if (!plans.data?.length) return null;
  return (
    <Card role="region" className="p-5 sm:p-6" aria-labelledby="plans-heading">
      <div className="mb-4">
        <h2 id="plans-heading" className="text-lg font-semibold text-navy-950">
          Monthly plans
        </h2>
        <p className="text-sm text-muted-foreground">
          Your payment schedule. You can change the card later payments are taken from at any time. A missed
          payment is tried again on days 3, 7 and 14, or you can pay it yourself with another card.
        </p>
      </div>
      <ul className="flex flex-col gap-6">
        {plans.data.map((plan) => (
          <PlanSchedule key={plan.paymentId} plan={plan} />
        ))}
      </ul>
    </Card>
  );
}

function PlanSchedule({ plan }: { plan: AccountPlan }) {
  const overdue = plan.schedule.find((s) => s.status === 'overdue' || s.status === 'defaulted');
  return (
    <li className="flex flex-col gap-3" data-testid={`plan-${plan.paymentId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-navy-950">{plan.courseTitle}</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {plan.cardLast4 ? (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CreditCard aria-hidden="true" className="size-4" />
              Card ending {plan.cardLast4}
            </p>
          ) : null}
          {plan.cardChangeable ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/billing/plans/${plan.paymentId}/card`}>Change card</Link>
            </Button>
          ) : null}
        </div>
      </div>
      {overdue?.instalmentId ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm font-medium text-destructive">
            Payment overdue: {formatPrice(overdue.amountPence, 'pence')}
            {plan.accessPaused ? '. Your course is paused until it is paid.' : '.'}
          </p>
          <Button asChild variant="accent" size="sm">
            <Link href={`/billing/overdue/${overdue.instalmentId}`}>Pay now with another card</Link>
          </Button>
        </div>
      ) : null}
      <ol
        className="flex flex-col divide-y divide-border rounded-lg border border-border"
        aria-label="Schedule"
      >
        {plan.schedule.map((entry) => (
          <li
            key={entry.sequence}
            className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 text-sm sm:gap-x-3"
          >
            <CalendarClock
              aria-hidden="true"
              className="hidden size-4 shrink-0 text-muted-foreground sm:block"
            />
            <span className="w-20 shrink-0 text-navy-950 sm:w-24">Payment {entry.sequence}</span>
            <span className="min-w-0 flex-1 text-muted-foreground">
              {formatDate(entry.dueAt)}
              {entry.nextRetryAt ? (
                <span className="hidden sm:inline"> · next try {formatDate(entry.nextRetryAt)}</span>
              ) : null}
            </span>
            <span className="font-medium text-navy-950">{formatPrice(entry.amountPence, 'pence')}</span>
            <ScheduleStatus status={entry.status} />
            {entry.nextRetryAt ? (
              // On a phone the next try has a line of its own, so the date column is not squeezed.
              <span className="w-full text-xs text-muted-foreground sm:hidden">
                Next try {formatDate(entry.nextRetryAt)}
              </span>
            ) : null}
            {entry.invoice ? (
              <a
                href={`/api/invoices/${entry.invoice.id}.pdf`}
                download
                className="flex w-full items-center gap-1 text-xs font-medium text-navy-800 underline-offset-2 hover:underline sm:w-auto"
              >
                <Download aria-hidden="true" className="size-3.5" />
                VAT invoice {entry.invoice.number}
                <span className="sr-only"> for payment {entry.sequence} (PDF)</span>
              </a>
            ) : null}
          </li>
        ))}
      </ol>
    </li>
  );
}
