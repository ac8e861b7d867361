import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, MailCheck, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { failureToast } from '#client/lib/error-toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { consentGiven } from '#shared/consent.ts';
import { decimalToPence, formatPrice } from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import type { CreateTeamOrder, TeamOrderCreated, TeamPricing } from '#shared/schemas/teams.ts';
import { createTeamOrder, useTeamPricing } from '../api/checkout.ts';
import { BackToCourse } from '../components/back-to-course.tsx';
import { ConsentBox, consentError } from '../components/consent-box.tsx';
import { PaymentForm } from '../components/payment-form.tsx';
import { TeamOrderForm } from '../components/team-order-form.tsx';

/** `/courses/:courseId/team`: an employer buys seats for their team, by card or by invoice. */
export function TeamPurchasePage() {
  const { courseId } = useParams<{ courseId: string }>();
  const { data, isLoading } = useQuery<Course[]>({ queryKey: ['/api/courses/available'] });
  const pricing = useTeamPricing();
  const course = data?.find((c) => c.id === courseId);
  useDocumentTitle(course ? `Buy for my team: ${course.title}` : 'Buy for my team');
  return (
    <PublicLayout>
      {isLoading || pricing.isLoading ? (
        <div className="flex min-h-[50dvh] items-center justify-center">
          <Spinner label="Loading course..." showLabel className="size-6" />
        </div>
      ) : course?.isActive && pricing.data ? (
        <TeamPurchase course={course} pricing={pricing.data} />
      ) : (
        <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
          <h1 className="text-2xl font-bold text-navy-950">Course Not Found</h1>
          <p className="mt-2 text-muted-foreground">The course you're looking for doesn't exist.</p>
        </section>
      )}
    </PublicLayout>
  );
}

function TeamPurchase({ course, pricing }: { course: Course; pricing: TeamPricing }) {
  const [order, setOrder] = useState<{ created: TeamOrderCreated; input: CreateTeamOrder } | null>(null);
  const [busy, setBusy] = useState(false);
  const [consented, setConsented] = useState(false);
  const [consentMessage, setConsentMessage] = useState<string | null>(null);
  const unitPricePence = decimalToPence(course.price) ?? 0;

  async function place(form: CreateTeamOrder) {
    setBusy(true);
    try {
      const input = { ...form, consent: consented ? consentGiven() : undefined };
      setOrder({ created: await createTeamOrder(input), input });
      window.scrollTo({ top: 0 });
    } catch (error) {
      const message = consentError(error);
      if (message) setConsentMessage(message);
      else failureToast('Order failed', error, 'Could not place the order');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackToCourse course={course} />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">Buy for my team</h1>
      <p className="mt-2 text-muted-foreground">
        Seats on <span className="font-semibold text-navy-900">{course.title}</span> for your team, with{' '}
        {pricing.vatRegistered ? 'a VAT invoice' : 'an invoice'}. You assign the seats and follow everyone's
        progress.
      </p>
      <section className="mt-8 rounded-2xl border border-border bg-white p-5 shadow-card sm:p-8">
        {!order ? (
          <TeamOrderForm
            courseId={course.id}
            unitPricePence={unitPricePence}
            vatRate={pricing.vatRate}
            vatRegistered={pricing.vatRegistered}
            busy={busy}
            onSubmit={(o) => void place(o)}
          >
            <ConsentBox
              checked={consented}
              error={consentMessage}
              onChange={(value) => {
                setConsented(value);
                setConsentMessage(null);
              }}
            />
          </TeamOrderForm>
        ) : order.created.clientSecret ? (
          <>
            <h2 className="text-xl font-bold text-navy-950">Card payment</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {order.input.seats} seats · total{' '}
              <span className="font-semibold text-navy-950">
                {formatPrice(order.created.amountPence, 'pence')}
              </span>{' '}
              {order.created.vatPence > 0 ? `(VAT ${formatPrice(order.created.vatPence, 'pence')}) ` : ''}·
              receipt and sign-in details go to {order.input.buyer.email}
            </p>
            <div className="mt-6">
              <PaymentForm
                clientSecret={order.created.clientSecret}
                needsEmail={false}
                receiptEmail={order.input.buyer.email}
                defaultName={`${order.input.buyer.firstName} ${order.input.buyer.lastName}`}
                payLabel={`Pay ${formatPrice(order.created.amountPence, 'pence')}`}
              />
            </div>
            <p className="mt-5 flex items-center gap-2 text-xs text-muted-foreground">
              <ShieldCheck aria-hidden="true" className="size-4 text-success" />
              Payments are encrypted. We never store your card number.
            </p>
          </>
        ) : order.created.status === 'unconfirmed' ? (
          <div className="flex flex-col items-center py-6 text-center">
            <MailCheck aria-hidden="true" className="size-12 text-safety-600" />
            <h2 className="mt-4 text-2xl font-bold text-navy-950">Check your email to confirm</h2>
            <p className="mt-2 max-w-md text-muted-foreground">
              We have sent a confirmation link to{' '}
              <span className="font-medium break-all text-navy-950">{order.input.buyer.email}</span>. Open it
              within 24 hours to confirm the order: we then email the invoice for{' '}
              {formatPrice(order.created.amountPence, 'pence')}. Unconfirmed orders are removed.
            </p>
          </div>
        ) : (
          <div className="flex flex-col items-center py-6 text-center">
            <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
            <h2 className="mt-4 text-2xl font-bold text-navy-950">Order placed</h2>
            <p className="mt-2 max-w-md text-muted-foreground">
              We have emailed the invoice for {formatPrice(order.created.amountPence, 'pence')} to{' '}
              {order.input.buyer.email}. Payment is due within 30 days; your seats open as soon as it arrives.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
