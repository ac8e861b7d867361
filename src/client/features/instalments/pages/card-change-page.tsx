import { CreditCard, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useParams, useSearch } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { PaymentForm } from '#client/features/checkout/index.ts';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatDate, formatPrice } from '#shared/format.ts';
import type { AccountPlan } from '#shared/schemas/instalments.ts';
import { useAccountPlans, useCompleteCardChange, useStartCardChange } from '../api/instalments.ts';
import { BillingDone } from '../components/billing-done.tsx';
import { BillingPageShell } from '../components/billing-page-shell.tsx';

/**
 * /billing/plans/:paymentId/card: a monthly plan's change of card (README 'Failed instalments'). The same card form
 * as checkout saves the new card without charging it; later payments, and any retry of an overdue one, are then
 * taken from it. With Stripe, 3-D Secure comes back here with `setup_intent` in the address.
 */
export function CardChangePage() {
  useDocumentTitle('Change card');
  const { user } = useAuth();
  const { paymentId = '' } = useParams<{ paymentId: string }>();
  const plans = useAccountPlans();
  if (!user) return <PageLoader label="Loading..." />;
  const plan = plans.data?.find((p) => p.paymentId === paymentId);
  return (
    <BillingPageShell user={user} title="Change card">
      {plans.isPending ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : !plan ? (
        <Card className="p-6">
          <p role="alert" className="text-sm text-destructive">
            {plans.isError
              ? getErrorMessage(plans.error, 'Your plans could not be loaded.')
              : 'This plan could not be found.'}
          </p>
        </Card>
      ) : (
        <CardChange plan={plan} name={[user.firstName, user.lastName].filter(Boolean).join(' ')} />
      )}
    </BillingPageShell>
  );
}

function CardChange({ plan, name }: { plan: AccountPlan; name: string }) {
  const search = new URLSearchParams(useSearch());
  const returnedSetup = search.get('setup_intent');
  const start = useStartCardChange(plan.paymentId);
  const complete = useCompleteCardChange(plan.paymentId);
  const asked = useRef(false);
  const upcoming = plan.schedule.filter((s) => s.status !== 'paid' && s.status !== 'canceled');
  const next = upcoming[0];

  useEffect(() => {
    if (asked.current || !plan.cardChangeable) return;
    asked.current = true;
    if (returnedSetup) complete.mutate(returnedSetup);
    else start.mutate();
  }, [plan.cardChangeable, returnedSetup, complete, start]);

  if (complete.isSuccess) {
    return (
      <BillingDone href="/account" action="Back to Billing">
        Card changed. Later payments will be taken from the card ending {complete.data.cardLast4}.
      </BillingDone>
    );
  }

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Course</dt>
        <dd className="font-medium text-navy-950">{plan.courseTitle}</dd>
        <dt className="text-muted-foreground">Card now</dt>
        <dd className="flex items-center gap-1.5 text-navy-950">
          <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
          {plan.cardLast4 ? `Ending ${plan.cardLast4}` : 'Not known'}
        </dd>
        {next ? (
          <>
            <dt className="text-muted-foreground">Next payment</dt>
            <dd className="text-navy-950">
              {formatPrice(next.amountPence, 'pence')}
              {next.status === 'due' ? ` on ${formatDate(next.dueAt)}` : ', overdue'}
            </dd>
          </>
        ) : null}
      </dl>
      {plan.cardChangeable ? (
        <p className="flex gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm text-navy-950">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
          <span>
            Nothing is charged now. Your new card is used for the {upcoming.length} payment
            {upcoming.length === 1 ? '' : 's'} still to come
            {upcoming.some((s) => s.status !== 'due') ? ', including the next try of the overdue one' : ''}.
          </span>
        </p>
      ) : (
        <p role="alert" className="text-sm text-muted-foreground">
          No more payments are due on this plan, so there is no card to change.
        </p>
      )}
      {start.isError || complete.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-destructive">
          {getErrorMessage(
            start.error ?? complete.error,
            'Your card could not be changed. Please try again.',
          )}
        </p>
      ) : null}
      {start.data && !complete.isPending ? (
        <div className="flex flex-col gap-3 border-t border-border pt-4">
          <p className="text-sm font-medium text-navy-950">Your new card</p>
          <PaymentForm
            clientSecret={start.data.clientSecret}
            needsEmail={false}
            defaultName={name}
            payLabel="Save new card"
            onSaved={(setupId) => complete.mutate(setupId)}
          />
        </div>
      ) : plan.cardChangeable && !start.isError && !complete.isError ? (
        <Skeleton className="h-72 w-full rounded-lg" />
      ) : null}
    </Card>
  );
}
