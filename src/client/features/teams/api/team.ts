import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '#client/lib/api-client.ts';
import type { AssignSeatInput, TeamOrderCreated, TeamOverview, TopUpInput } from '#shared/schemas/teams.ts';

export const TEAM_QUERY_KEY = ['/api/team'] as const;

export function useTeam() {
  return useQuery<TeamOverview>({ queryKey: TEAM_QUERY_KEY, staleTime: 0 });
}

export function useAssignSeat(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (member: AssignSeatInput) =>
      apiJson<{ status: 'invited' | 'active' }>('POST', `/api/team/orders/${orderId}/seats`, member),
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}

export function useRevokeSeat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seatId: string) => apiRequest('DELETE', `/api/team/seats/${seatId}`),
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}

/** The manager offers to be a member's employer contact; it takes effect when the apprentice accepts. */
export function useProposeContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seatId: string) => apiJson('POST', `/api/team/seats/${seatId}/employer-contact`),
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}

export function useBuyMoreSeats(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TopUpInput) =>
      apiJson<TeamOrderCreated>('POST', `/api/team/orders/${orderId}/top-ups`, input),
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}

export const invoiceUrl = (id: string) => `/api/invoices/${id}.pdf`;
export const EXPORT_URL = '/api/team/export.csv';
