import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { AdminPayments, RefundRequest, RefundResponse } from '#shared/schemas/refunds.ts';

export interface PaymentFilters {
  status: string;
  from: string;
  to: string;
}

const KEY = '/api/admin/payments';

export function usePayments(filters: PaymentFilters) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
  return useQuery<AdminPayments>({ queryKey: [`${KEY}${query ? `?${query}` : ''}`], staleTime: 0 });
}

export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, ...body }: RefundRequest & { paymentId: string }) =>
      apiJson<RefundResponse>('POST', `${KEY}/${paymentId}/refunds`, body),
    onSettled: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(KEY) }),
  });
}
