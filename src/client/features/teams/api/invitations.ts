import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { Invitation, PendingTeamOrder, WithdrawnCourse } from '#shared/schemas/teams.ts';

export const INVITATIONS_KEY = ['/api/user/invitations'] as const;

/** Seats offered to the signed-in account and managers asking to be its employer contact. */
export function useInvitations() {
  return useQuery<Invitation[]>({ queryKey: INVITATIONS_KEY, staleTime: 0 });
}

export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      apiJson('POST', `/api/user/invitations/${id}/${accept ? 'accept' : 'decline'}`),
    onSettled: async () => {
      // An accepted seat adds a course: the portal's lists change with it.
      await Promise.all([
        client.invalidateQueries({ queryKey: INVITATIONS_KEY }),
        client.invalidateQueries({ queryKey: ['/api/user/courses'] }),
        client.invalidateQueries({ queryKey: ['/api/modules'] }),
      ]);
    },
  });
}

export function useWithdrawnCourses() {
  return useQuery<WithdrawnCourse[]>({ queryKey: ['/api/user/withdrawn-courses'] });
}

export const pendingTeamOrder = (token: string) =>
  apiJson<PendingTeamOrder>('POST', '/api/team-orders/pending', { token });
export const confirmTeamOrder = (token: string) =>
  apiJson<{ orderId: string; status: 'awaiting_payment' }>('POST', '/api/team-orders/confirm', { token });
