import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { AdminTeamOrder } from '#shared/schemas/teams.ts';

const KEY = ['/api/admin/team-orders'] as const;

export function useTeamOrders() {
  return useQuery<{ orders: AdminTeamOrder[] }>({ queryKey: KEY, staleTime: 0 });
}

export function useMarkPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<AdminTeamOrder>('POST', `/api/admin/team-orders/${id}/mark-paid`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAdjustSeats() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, capacity }: { id: string; capacity: number }) =>
      apiJson<AdminTeamOrder>('PUT', `/api/admin/team-orders/${id}/capacity`, { capacity }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
