import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { ConsentInput } from '#shared/consent.ts';
import type { PaymentPlan } from '#shared/constants.ts';
import type {
  MailboxEmail,
  MailboxResponse,
  PaymentConfig,
  PaymentIntentResponse,
  PaymentSuccessResponse,
  StudentData,
  TestCard,
  TestConfirmResponse,
} from '#shared/schemas/checkout.ts';
import type { DiscountQuote, TeamQuote } from '#shared/schemas/discounts.ts';
import type { CreateTeamOrder, TeamOrderCreated, TeamPricing } from '#shared/schemas/teams.ts';

export function usePaymentConfig() {
  return useQuery<PaymentConfig>({ queryKey: ['/api/payment-config'] });
}

/**
 * `consent` is the ticked box (src/shared/consent.ts); left out, the server answers CONSENT_REQUIRED. A discount
 * code is priced by the server.
 */
export function createCoursePayment(
  courseId: string,
  studentData: StudentData,
  plan: PaymentPlan,
  consent: ConsentInput | undefined,
  discountCode?: string,
) {
  return apiJson<PaymentIntentResponse>('POST', '/api/create-course-payment', {
    courseId,
    studentData,
    plan,
    consent,
    discountCode,
  });
}

export function createPaymentIntent(
  courseId: string,
  plan: PaymentPlan,
  consent: ConsentInput | undefined,
  discountCode?: string,
) {
  return apiJson<PaymentIntentResponse>('POST', '/api/create-payment-intent', {
    courseId,
    plan,
    consent,
    discountCode,
  });
}

/** What a code takes off (docs/product.md#discount-codes-and-team-prices); nothing is held until the payment starts. */
export function checkDiscountCode(code: string, courseId: string, plan: PaymentPlan) {
  return apiJson<DiscountQuote>('POST', '/api/discount-codes/check', { code, courseId, plan });
}

/** The server's price of a team order: seat tier, code, VAT. */
export function quoteTeamOrder(courseId: string, seats: number, discountCode?: string) {
  return apiJson<TeamQuote>('POST', '/api/team-orders/quote', { courseId, seats, discountCode });
}

export function recordPaymentSuccess(paymentIntentId: string) {
  return apiJson<PaymentSuccessResponse>('POST', '/api/payment-success', { paymentIntentId });
}

export function confirmTestPayment(clientSecret: string, card: TestCard, receiptEmail?: string) {
  return apiJson<TestConfirmResponse>('POST', '/api/test-payments/confirm', {
    clientSecret,
    card,
    receiptEmail,
  });
}

/** The test provider's confirmSetup: a monthly plan's new card saved (no charge). */
export function confirmTestSetup(clientSecret: string, card: TestCard) {
  return apiJson<{ status: 'succeeded'; setupId: string }>('POST', '/api/test-payments/setup-confirm', {
    clientSecret,
    card,
  });
}

export function authenticateTestPayment(clientSecret: string, outcome: 'complete' | 'fail') {
  return apiJson<{ status: string; paymentIntentId: string; redirectUrl: string }>(
    'POST',
    '/api/test-payments/authenticate',
    { clientSecret, outcome },
  );
}

export function successUrl(paymentIntentId: string) {
  return `/purchase-success?payment_intent=${encodeURIComponent(paymentIntentId)}`;
}

const MAILBOX_KEY = ['/api/admin/mailbox'] as const;

export function useMailbox() {
  return useQuery<MailboxResponse>({ queryKey: MAILBOX_KEY, staleTime: 0 });
}

/** The admin's "Send now": the email is due at once and the outbox worker sends it within seconds. */
export function useSendNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<MailboxEmail>('POST', `/api/admin/mailbox/${id}/send`),
    onSuccess: (email) => {
      client.setQueryData<MailboxResponse>(MAILBOX_KEY, (old) =>
        old ? { ...old, emails: old.emails.map((e) => (e.id === email.id ? email : e)) } : old,
      );
      // The worker needs a moment; read the outcome shortly after.
      setTimeout(() => void client.invalidateQueries({ queryKey: MAILBOX_KEY }), 3000);
    },
  });
}

export function createTeamOrder(body: CreateTeamOrder) {
  return apiJson<TeamOrderCreated>('POST', '/api/team-orders', body);
}

export function useTeamPricing() {
  return useQuery<TeamPricing>({ queryKey: ['/api/team-orders/pricing'] });
}
