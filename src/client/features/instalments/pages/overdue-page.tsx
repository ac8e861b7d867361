import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { PaymentForm } from '#client/features/checkout/index.ts';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatDate, formatPrice } from '#shared/format.ts';
import type { OverdueInstalment, OverduePayment } from '#shared/schemas/instalments.ts';
import { useOverdueInstalment, useRefreshAfterPaying, useStartOverduePayment } from '../api/instalments.ts';
import { BillingDone } from '../components/billing-done.tsx';
import { BillingPageShell } from '../components/billing-page-shell.tsx';
import { ScheduleStatus } from '../components/schedule-status.tsx';

/**
 * /billing/overdue/:instalmentId, the page the failed-payment emails link to (docs/product.md#failed-instalments):
 * what is overdue and since when, and the card form to pay it with another card. Paying opens the course at once.
 */
export function OverduePage() {
  useDocumentTitle('Payment overdue');
  const { user } = useAuth();
  const { instalmentId = '' } = useParams<{ instalmentId: string }>();
  const instalment = useOverdueInstalment(instalmentId);
  if (!user) return <PageLoader label="Loading..." />;
  return (
    <BillingPageShell user={user} title="Payment overdue">
      {instalment.isPending ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : instalment.isError ? (
        <Card className="p-6">
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(instalment.error, 'This payment could not be found.')}
          </p>
        </Card>
      ) : (
        <OverdueDetails
          instalment={instalment.data}
          name={[user.firstName, user.lastName].filter(Boolean).join(' ')}
        />
      )}
    </BillingPageShell>
  );
}

function OverdueDetails({ instalment, name }: { instalment: OverdueInstalment; name: string }) {
  const start = useStartOverduePayment();
  const refresh = useRefreshAfterPaying();
  const [payment, setPayment] = useState<OverduePayment | null>(null);
  const [paid, setPaid] = useState(false);
  const amount = formatPrice(instalment.amountPence, 'pence');
  const payable = instalment.status === 'overdue' || instalment.status === 'defaulted';

  if (paid || instalment.status === 'paid') {
    return (
      <BillingDone href={`/dashboard?course=${instalment.courseId}`} action="Go to my course">
        Paid. Thank you: {instalment.courseTitle} is open.
      </BillingDone>
    );
  }

  return (
    <Card className="flex flex-col gap-5 p-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Course</dt>
        <dd className="font-medium text-navy-950">{instalment.courseTitle}</dd>
        <dt className="text-muted-foreground">Payment</dt>
        <dd className="text-navy-950">Monthly payment {instalment.sequence}</dd>
        <dt className="text-muted-foreground">Was due</dt>
        <dd className="text-navy-950">{formatDate(instalment.dueAt)}</dd>
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="font-semibold text-navy-950">{amount}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <ScheduleStatus status={instalment.status} />
        </dd>
      </dl>
      {payable ? (
        <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-navy-950">
          {instalment.accessPaused
            ? 'Your course is paused until this is paid. Your progress is kept, and the course opens again as soon as you pay.'
            : instalment.pausesAt
              ? `Your course stays open until ${formatDate(instalment.pausesAt)}; after that it pauses until this is paid.`
              : 'Please pay this to keep your course open.'}
          {instalment.lastError ? ` Your card said: ${instalment.lastError}` : ''}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Nothing is overdue on this payment.</p>
      )}
      {payable && payment ? (
        <div className="flex flex-col gap-3 border-t border-border pt-4">
          <p className="text-sm font-medium text-navy-950">Pay {amount} with another card</p>
          <PaymentForm
            clientSecret={payment.clientSecret}
            needsEmail={false}
            defaultName={name}
            payLabel={`Pay ${amount}`}
            paidMessage="Your course is open again."
            onPaid={() => {
              setPaid(true);
              void refresh();
            }}
          />
        </div>
      ) : payable ? (
        <div className="flex flex-col gap-2">
          <Button
            size="lg"
            variant="accent"
            disabled={start.isPending}
            onClick={() => start.mutate(instalment.instalmentId, { onSuccess: setPayment })}
          >
            <Lock aria-hidden="true" />
            Pay {amount} now
          </Button>
          {start.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {getErrorMessage(start.error, 'The payment could not be started. Please try again.')}
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
