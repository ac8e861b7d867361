import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { AccountOrder } from '#shared/schemas/refunds.ts';

const ORDERS_KEY = ['/api/account/orders'] as const;

export function useAccountOrders() {
  return useQuery<AccountOrder[]>({ queryKey: ORDERS_KEY, staleTime: 0 });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      apiJson<{ refundId: string }>('POST', `/api/account/orders/${paymentId}/cancel`),
    // The course leaves the portal too.
    onSettled: () => client.invalidateQueries(),
  });
}

export function useAskForRefund() {
  return useMutation({
    mutationFn: ({ paymentId, message }: { paymentId: string; message: string }) =>
      apiJson<{ sent: boolean }>('POST', `/api/account/orders/${paymentId}/refund-request`, { message }),
  });
}

/** An individual purchase's VAT invoice PDF (GET /api/invoices/:id.pdf, the buyer's own only). */
export const invoicePdfUrl = (id: string) => `/api/invoices/${id}.pdf`;

/** A credit note PDF of one of the buyer's refunds (GET /api/credit-notes/:id.pdf, the buyer's own only). */
export const creditNotePdfUrl = (id: string) => `/api/credit-notes/${id}.pdf`;

/** The refund receipt of one of the buyer's refunds that has no credit note (GET /api/refund-receipts/:id.pdf). */
export const refundReceiptPdfUrl = (refundId: string) => `/api/refund-receipts/${refundId}.pdf`;
