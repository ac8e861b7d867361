import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowRight, CircleAlert, House, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorCode, getErrorMessage } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { consentGiven } from '#shared/consent.ts';
import type { PaymentPlan } from '#shared/constants.ts';
import { formatPrice } from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import type { PaymentIntentResponse } from '#shared/schemas/checkout.ts';
import { checkDiscountCode, createPaymentIntent } from '../api/checkout.ts';
import { ConsentBox, consentError } from '../components/consent-box.tsx';
import { type AppliedCode, DiscountCodeField } from '../components/discount-code-field.tsx';
import { PaymentForm } from '../components/payment-form.tsx';

function ErrorCard({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-md rounded-2xl border border-red-200 bg-white p-8 text-center shadow-card"
    >
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-100 text-destructive">
        <CircleAlert aria-hidden="true" className="size-7" />
      </div>
      <h1 className="mt-4 text-xl font-bold text-navy-950">{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <Button asChild className="mt-6">
        <Link href="/">
          <House aria-hidden="true" />
          Return Home
        </Link>
      </Button>
    </div>
  );
}

/**
 * /checkout/{id}: the featured course's Purchase Now. The consent box first (src/shared/consent.ts), then a summary
 * with the total in pounds and the card form.
 */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { courseId } = useParams<{ courseId: string }>();
  const [search] = useSearchParams();
  const plan: PaymentPlan = search.get('plan') === 'monthly' ? 'monthly' : 'onetime';
  // An unknown or withdrawn course says so before the buyer ticks anything (docs/product.md#checkout).
  const courses = useQuery<Course[]>({ queryKey: ['/api/courses/available'] });
  const course = courses.data?.find((c) => c.id === courseId);
  const [consented, setConsented] = useState(false);
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // One intent per visit to the page, made when the buyer continues with the box ticked; a code is priced by the
  // server (docs/product.md#discount-codes-and-team-prices).
  const intent = useMutation({
    mutationFn: () => createPaymentIntent(courseId, plan, consented ? consentGiven() : undefined, code?.code),
    onError: (error) => {
      // The payment refused the code (used up meanwhile, or limited per customer): say so at the field.
      if (!getErrorCode(error)?.startsWith('DISCOUNT_CODE')) return;
      setCodeError(getErrorMessage(error, 'That discount code cannot be used.'));
      setCode(null);
    },
  });
  const codeRefused = intent.isError && Boolean(getErrorCode(intent.error)?.startsWith('DISCOUNT_CODE'));
  const consentMessage = intent.isError ? consentError(intent.error) : null;

  async function applyCode(text: string) {
    const quote = await checkDiscountCode(text, courseId, plan);
    setCodeError(null);
    setCode({ code: quote.code, amountOffPence: quote.amountOffPence });
    intent.reset();
  }

  return (
    <PublicLayout>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        {!courseId ? (
          <ErrorCard title="Checkout Error" message="No course selected for checkout" />
        ) : courses.isLoading ? (
          <div className="flex min-h-[40dvh] items-center justify-center">
            <Spinner label="Loading course..." showLabel className="size-6" />
          </div>
        ) : courses.isSuccess && !course?.isActive ? (
          <ErrorCard title="Checkout Error" message="Course not found" />
        ) : intent.isError && !consentMessage && !codeRefused ? (
          <ErrorCard
            title="Checkout Error"
            message={getErrorMessage(intent.error, 'Failed to initialize checkout')}
          />
        ) : !intent.data ? (
          <section
            aria-label="Before you pay"
            className="mx-auto max-w-xl rounded-2xl border border-border bg-white p-5 shadow-card sm:p-8"
          >
            <h1 className="text-2xl font-bold tracking-tight text-navy-950 sm:text-3xl">Checkout</h1>
            <p className="mt-2 mb-6 text-sm text-muted-foreground">
              {course ? `${course.title}. ` : ''}Your course opens as soon as the payment goes through.
            </p>
            <ConsentBox
              checked={consented}
              error={consentMessage}
              onChange={(value) => {
                setConsented(value);
                intent.reset();
              }}
            />
            <DiscountCodeField
              className="mt-6"
              applied={code}
              error={codeError}
              onApply={applyCode}
              onRemove={() => {
                setCode(null);
                intent.reset();
              }}
            />
            <Button
              size="lg"
              variant="accent"
              className="mt-6 w-full sm:w-auto"
              disabled={intent.isPending}
              onClick={() => intent.mutate()}
            >
              {intent.isPending ? <Spinner label="Preparing checkout..." /> : null}
              Continue to payment
              <ArrowRight aria-hidden="true" />
            </Button>
          </section>
        ) : !intent.data.clientSecret ? (
          <ErrorCard title="Checkout Error" message="Unable to initialize payment for this course." />
        ) : (
          <CheckoutPayment intent={intent.data} plan={plan} />
        )}
      </div>
    </PublicLayout>
  );
}

function CheckoutPayment({ intent, plan }: { intent: PaymentIntentResponse; plan: PaymentPlan }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">Checkout</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_340px]">
        <section
          aria-label="Payment"
          className="order-2 rounded-2xl border border-border bg-white p-5 shadow-card sm:p-8 md:order-1"
        >
          <h2 className="text-xl font-bold text-navy-950">Payment details</h2>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">
            Your student account is created as soon as the payment goes through.
          </p>
          <PaymentForm
            clientSecret={intent.clientSecret}
            needsEmail
            payLabel={`Pay ${formatPrice(intent.amount)}`}
          />
          <p className="mt-5 flex items-center gap-2 text-xs text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="size-4 text-success" />
            Payments are encrypted. We never store your card number.
          </p>
        </section>
        <aside aria-label="Order summary" className="order-1 md:order-2">
          <div className="rounded-2xl border border-border bg-white p-6 shadow-card">
            <h2 className="text-lg font-bold text-navy-950">Order summary</h2>
            <p className="mt-4 font-medium text-navy-900">{intent.courseTitle}</p>
            <p className="text-sm text-muted-foreground">
              {plan === 'monthly' ? 'Monthly plan, first payment' : 'Full course, one-time payment'}
            </p>
            {intent.discount ? (
              <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
                <dt className="text-muted-foreground">Price</dt>
                <dd className="text-right">{formatPrice(intent.discount.listAmount)}</dd>
                <dt className="text-muted-foreground">Code {intent.discount.code}</dt>
                <dd className="text-right text-success">−{formatPrice(intent.discount.amountOff)}</dd>
              </dl>
            ) : null}
            <div className="mt-5 flex items-baseline justify-between border-t border-border pt-4">
              <span className="font-semibold text-navy-900">Total</span>
              <span className="text-2xl font-extrabold text-navy-950">{formatPrice(intent.amount)}</span>
            </div>
            <p className="mt-1 text-right text-xs text-muted-foreground">GBP, VAT included</p>
          </div>
        </aside>
      </div>
    </>
  );
}
