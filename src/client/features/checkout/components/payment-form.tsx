import { lazy, Suspense } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { usePaymentConfig } from '../api/checkout.ts';
import type { PaymentFormProps } from './payment-form-props.ts';
import { TestCardForm } from './test-card-form.tsx';

// Stripe.js is only downloaded when Stripe is configured (the CSP allows its hosts only then).
const StripePaymentForm = lazy(() =>
  import('./stripe-payment-form.tsx').then((m) => ({ default: m.StripePaymentForm })),
);

const loading = (
  <div className="flex h-40 items-center justify-center">
    <Spinner label="Loading payment form..." showLabel />
  </div>
);

/** The payment element: Stripe Elements with Stripe, our card form with the built-in test provider. */
export function PaymentForm(props: PaymentFormProps) {
  const { data: config, isLoading, isError } = usePaymentConfig();
  if (isLoading) return loading;
  if (isError || !config) {
    return (
      <p role="alert" className="text-destructive">
        Unable to initialize payment for this course.
      </p>
    );
  }
  if (config.provider === 'stripe' && config.publishableKey) {
    return (
      <Suspense fallback={loading}>
        <StripePaymentForm {...props} publishableKey={config.publishableKey} />
      </Suspense>
    );
  }
  return <TestCardForm {...props} />;
}
