import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'wouter';
import { Logo } from '#client/components/layout/logo.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatPrice } from '#shared/format.ts';
import { authenticateTestPayment } from '../api/checkout.ts';

/** The test provider's 3-D Secure challenge: Complete or Fail, then back to /purchase-success like Stripe. */
export function PaymentAuthenticationPage() {
  useDocumentTitle('3-D Secure authentication');
  const { intentId } = useParams<{ intentId: string }>();
  const [search] = useSearchParams();
  const clientSecret = search.get('client_secret') ?? '';
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<'complete' | 'fail' | null>(null);
  const payment = useQuery<{ status: string; amount: string; courseTitle: string }>({
    queryKey: [
      `/api/test-payments/${encodeURIComponent(intentId)}?client_secret=${encodeURIComponent(clientSecret)}`,
    ],
  });

  async function answer(outcome: 'complete' | 'fail') {
    setBusy(outcome);
    try {
      const result = await authenticateTestPayment(clientSecret, outcome);
      navigate(result.redirectUrl, { replace: true });
    } catch (error) {
      toast({
        title: 'Payment Error',
        description: getErrorMessage(error, 'Something went wrong during payment processing.'),
        variant: 'destructive',
      });
      setBusy(null);
    }
  }

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-navy-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-border bg-white p-6 shadow-raised sm:p-8">
        <div className="flex items-center justify-between">
          <Logo />
          <span className="flex items-center gap-1 text-xs font-semibold text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="size-4 text-success" />
            Secure
          </span>
        </div>
        <h1 className="mt-6 text-2xl font-bold text-navy-950">3-D Secure authentication</h1>
        {payment.isLoading ? (
          <div className="flex h-32 items-center justify-center">
            <Spinner label="Loading..." showLabel />
          </div>
        ) : payment.isError || !payment.data ? (
          <p role="alert" className="mt-4 text-destructive">
            This payment could not be found.
          </p>
        ) : (
          <>
            <p className="mt-3 text-muted-foreground">
              Your bank asks you to confirm this payment. This is the test provider's stand-in for your bank's
              page.
            </p>
            <dl className="mt-5 grid gap-2 rounded-xl bg-navy-50 p-4 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Merchant</dt>
                <dd className="font-medium text-navy-950">TradeSkills</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Course</dt>
                <dd className="text-right font-medium text-navy-950">{payment.data.courseTitle}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Amount</dt>
                <dd className="font-bold text-navy-950">{formatPrice(payment.data.amount)}</dd>
              </div>
            </dl>
            <div className="mt-6 grid gap-3 sm:grid-cols-2">
              <Button
                size="lg"
                variant="accent"
                disabled={busy !== null}
                onClick={() => void answer('complete')}
              >
                {busy === 'complete' ? (
                  <Spinner label="Completing..." className="size-4 text-navy-950" />
                ) : null}
                Complete
              </Button>
              <Button
                size="lg"
                variant="outline"
                disabled={busy !== null}
                onClick={() => void answer('fail')}
              >
                {busy === 'fail' ? <Spinner label="Failing..." className="size-4" /> : null}
                Fail
              </Button>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
