import { useState } from 'react';
import { useLocation } from 'wouter';
import { getErrorMessage, getErrorStatus } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { PAYMENT_REDIRECT_DELAY_MS } from '#shared/constants.ts';
import { recordPaymentSuccess, successUrl } from '../api/checkout.ts';

export const PAYMENT_ERROR_FALLBACK = 'Something went wrong during payment processing.';

/**
 * What happens after the card form: success records the payment and goes to /purchase-success after 2 s
 * (docs/product.md#checkout); a decline says 'Payment Failed' with the processor's message.
 */
export function usePaymentOutcome(onPaid?: () => void, paidMessage = 'Adding your seats now.') {
  const [, navigate] = useLocation();
  const [redirecting, setRedirecting] = useState(false);

  async function succeeded(paymentIntentId: string) {
    setRedirecting(true);
    toast({
      title: 'Payment Successful!',
      description: onPaid ? paidMessage : 'Setting up your account. Your login details are on their way.',
    });
    // The success page checks again; this call only makes the enrolment happen sooner.
    await recordPaymentSuccess(paymentIntentId).catch(() => undefined);
    if (onPaid) {
      setRedirecting(false);
      onPaid();
      return;
    }
    setTimeout(() => navigate(successUrl(paymentIntentId)), PAYMENT_REDIRECT_DELAY_MS);
  }

  function failed(message: string) {
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  }

  /** A failed confirm call: 400/402 carry the processor's words; anything else is a 'Payment Error'. */
  function errored(error: unknown): string {
    const status = getErrorStatus(error);
    if (status === 400 || status === 402) {
      const message = getErrorMessage(error, PAYMENT_ERROR_FALLBACK);
      failed(message);
      return message;
    }
    const message = getErrorMessage(error, PAYMENT_ERROR_FALLBACK);
    toast({ title: 'Payment Error', description: message, variant: 'destructive' });
    return message;
  }

  return { redirecting, succeeded, failed, errored };
}
