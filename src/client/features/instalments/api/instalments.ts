import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type {
  AccountPlan,
  CardChange,
  CardChanged,
  OverdueInstalment,
  OverduePayment,
} from '#shared/schemas/instalments.ts';

// A monthly plan's schedule and its overdue instalments (docs/product.md#failed-instalments).

export function useAccountPlans() {
  return useQuery<AccountPlan[]>({ queryKey: ['/api/account/plans'], staleTime: 0 });
}

export function useOverdueInstalments() {
  return useQuery<OverdueInstalment[]>({ queryKey: ['/api/account/instalments/overdue'], staleTime: 0 });
}

export function useOverdueInstalment(instalmentId: string) {
  return useQuery<OverdueInstalment>({
    queryKey: [`/api/account/instalments/${instalmentId}`],
    staleTime: 0,
  });
}

/** The card form's payment of the overdue amount (the same one however often it is asked for). */
export function useStartOverduePayment() {
  return useMutation({
    mutationFn: (instalmentId: string) =>
      apiJson<OverduePayment>('POST', `/api/account/instalments/${instalmentId}/payment`),
  });
}

/** After paying: the plan, the banner and the course itself are read again (access is back at once). */
export function useRefreshAfterPaying() {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}

/** The setup the card form saves a plan's new card with (the same one however often it is asked for). */
export function useStartCardChange(paymentId: string) {
  return useMutation({
    mutationFn: () => apiJson<CardChange>('POST', `/api/account/plans/${paymentId}/card-change`),
  });
}

/** Once the card form saved it: the new card is the plan's; Billing reads the plan again. */
export function useCompleteCardChange(paymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setupId: string) =>
      apiJson<CardChanged>('POST', `/api/account/plans/${paymentId}/card-change/complete`, { setupId }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/account/plans'] }),
  });
}
