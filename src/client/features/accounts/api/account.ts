import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '#client/lib/query-client.ts';
import type { DeviceSession, Profile, UpdateProfileInput } from '#shared/schemas/accounts.ts';
import type { ChangePasswordInput, CurrentUser } from '#shared/schemas/auth.ts';

export const PROFILE_QUERY_KEY = ['/api/user/profile'] as const;
export const SESSIONS_QUERY_KEY = ['/api/user/sessions'] as const;

export function useProfile() {
  return useQuery<Profile>({ queryKey: PROFILE_QUERY_KEY });
}

export function useDeviceSessions() {
  return useQuery<DeviceSession[]>({ queryKey: SESSIONS_QUERY_KEY });
}

/** Saves the profile and mirrors it into the signed-in user, so the header shows the change at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => apiJson<Profile>('PUT', '/api/user/profile', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY, (user) =>
        user
          ? {
              ...user,
              firstName: profile.firstName,
              lastName: profile.lastName,
              profileImageUrl: profile.profileImageUrl,
            }
          : user,
      );
    },
  });
}

/** Changing the password signs out every other device, so the device list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiJson<{ message: string }>('POST', '/api/user/password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiJson<{ message: string }>('DELETE', `/api/user/sessions/${encodeURIComponent(sessionId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<{ message: string; revoked: number }>('POST', '/api/user/sessions/revoke-others', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
