import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardCheck, Link2Off } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatPrice } from '#shared/format.ts';
import { confirmTeamOrder, pendingTeamOrder } from '../api/invitations.ts';

/** The link's token is in the query string: while this page is open, nothing may send it on as a Referer. */
function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/**
 * /team-orders/confirm?token=…: the link emailed to the address an invoice order was placed in. It shows the
 * order and confirms it only when its owner presses Confirm (docs/team-seats.md "Buying").
 */
export function ConfirmOrderPage() {
  useDocumentTitle('Confirm your team order');
  useNoReferrer();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const order = useQuery({
    queryKey: ['team-order-confirmation', token],
    queryFn: () => pendingTeamOrder(token),
    enabled: token.length > 0,
    retry: false,
  });
  const confirm = useMutation({ mutationFn: () => confirmTeamOrder(token) });
  const done = confirm.isSuccess || order.data?.confirmed;

  return (
    <PublicLayout>
      <section className="mx-auto flex w-full max-w-xl flex-col px-4 py-10 sm:py-16">
        <div className="rounded-2xl border border-border bg-white p-6 shadow-card sm:p-8">
          {!token || order.isError ? (
            <Notice icon={Link2Off} title="This link cannot be used">
              {token
                ? getErrorMessage(order.error, 'This confirmation link is unknown or has expired.')
                : 'This confirmation link is incomplete. Open the whole link from the email.'}{' '}
              Unconfirmed orders are removed after 24 hours; you can place the order again from the course
              page.
            </Notice>
          ) : order.isLoading || !order.data ? (
            <div className="flex justify-center py-10">
              <Spinner label="Loading your order..." showLabel className="size-6" />
            </div>
          ) : done ? (
            <Notice icon={CheckCircle2} title="Order confirmed" tone="success">
              We have emailed the invoice for {formatPrice(order.data.amountPence, 'pence')} to{' '}
              <span className="font-medium text-navy-950">{order.data.buyerEmail}</span>, with your sign-in
              details if you are new to TradeSkills. Payment is due within 30 days; your seats open as soon as
              it arrives.
              <Button asChild className="mt-6 w-full sm:w-auto">
                <Link href="/team">Go to My team</Link>
              </Button>
            </Notice>
          ) : (
            <>
              <Notice icon={ClipboardCheck} title="Confirm your team order">
                This order was placed in your email address. Nothing is invoiced and no account changes until
                you confirm it.
              </Notice>
              <dl className="mt-6 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-xl bg-muted/60 p-4 text-sm">
                <dt className="text-muted-foreground">Course</dt>
                <dd className="font-medium text-navy-950">{order.data.courseTitle}</dd>
                <dt className="text-muted-foreground">Seats</dt>
                <dd className="font-medium text-navy-950">{order.data.seats}</dd>
                <dt className="text-muted-foreground">Company</dt>
                <dd className="font-medium break-words text-navy-950">{order.data.companyName}</dd>
                <dt className="text-muted-foreground">Total</dt>
                <dd className="font-medium text-navy-950">
                  {formatPrice(order.data.amountPence, 'pence')}
                  {order.data.vatPence > 0 ? ` incl. VAT ${formatPrice(order.data.vatPence, 'pence')}` : ''}
                </dd>
                <dt className="text-muted-foreground">Invoice to</dt>
                <dd className="font-medium break-all text-navy-950">{order.data.buyerEmail}</dd>
              </dl>
              {confirm.isError ? (
                <p role="alert" className="mt-4 text-sm text-destructive">
                  {getErrorMessage(confirm.error, 'Could not confirm the order. Please try again.')}
                </p>
              ) : null}
              <div className="mt-6 flex flex-col gap-3 sm:flex-row">
                <Button size="lg" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
                  {confirm.isPending ? 'Confirming...' : 'Confirm the order'}
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link href="/">It was not me</Link>
                </Button>
              </div>
              <p className="mt-4 text-xs text-muted-foreground">
                If you did not place this order, leave it: it is removed within 24 hours and nothing is
                charged.
              </p>
            </>
          )}
        </div>
      </section>
    </PublicLayout>
  );
}

function Notice({
  icon: Icon,
  title,
  tone = 'neutral',
  children,
}: {
  icon: typeof CheckCircle2;
  title: string;
  tone?: 'neutral' | 'success';
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-start">
      <span
        className={`flex size-11 items-center justify-center rounded-lg ${tone === 'success' ? 'bg-success/10 text-success' : 'bg-safety-100 text-safety-700'}`}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy-950">{title}</h1>
      <div className="mt-2 text-sm text-muted-foreground">{children}</div>
    </div>
  );
}
