import {
  Elements,
  LinkAuthenticationElement,
  PaymentElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { PaymentFormProps } from './payment-form-props.ts';
import { PAYMENT_ERROR_FALLBACK, usePaymentOutcome } from './use-payment-outcome.ts';

const stripePromises = new Map<string, Promise<Stripe | null>>();

/** Stripe Elements (only in this lazily loaded chunk). */
export function StripePaymentForm(props: PaymentFormProps & { publishableKey: string }) {
  let stripePromise = stripePromises.get(props.publishableKey);
  if (!stripePromise) {
    stripePromise = loadStripe(props.publishableKey);
    stripePromises.set(props.publishableKey, stripePromise);
  }
  return (
    <Elements
      stripe={stripePromise}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#15233d', borderRadius: '8px' } },
      }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ needsEmail, receiptEmail, payLabel, onPaid, paidMessage, onSaved }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const outcome = usePaymentOutcome(onPaid, paidMessage);
  const [email, setEmail] = useState(receiptEmail ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const busy = submitting || outcome.redirecting;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setSubmitting(true);
    setFormError(null);
    if (onSaved) {
      // A plan's new card (a SetupIntent): Stripe comes back to this page after 3-D Secure (setup_intent=…).
      const saved = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: `${window.location.origin}${window.location.pathname}` },
        redirect: 'if_required',
      });
      setSubmitting(false);
      if (saved.error) setFormError(saved.error.message ?? PAYMENT_ERROR_FALLBACK);
      else if (saved.setupIntent?.status === 'succeeded' || saved.setupIntent?.status === 'processing') {
        onSaved(saved.setupIntent.id);
      }
      return;
    }
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: {
        return_url: `${window.location.origin}/purchase-success`,
        receipt_email: email || undefined,
      },
      redirect: 'if_required',
    });
    if (error) {
      const message = error.message ?? PAYMENT_ERROR_FALLBACK;
      if (error.type === 'card_error' || error.type === 'validation_error') outcome.failed(message);
      else outcome.errored(new Error(`500: ${JSON.stringify({ message })}`));
      setFormError(message);
      setSubmitting(false);
      return;
    }
    if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') {
      await outcome.succeeded(paymentIntent.id);
    } else {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Card payment">
      {needsEmail ? <LinkAuthenticationElement onChange={(e) => setEmail(e.value.email)} /> : null}
      <PaymentElement />
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" variant="accent" disabled={!stripe || busy} className="w-full">
        {busy ? (
          <Spinner label="Processing..." className="size-4 text-navy-950" />
        ) : (
          <Lock aria-hidden="true" />
        )}
        {busy ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
