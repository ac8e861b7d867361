import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { apiRequest, getQueryFn } from './api-client.ts';
import { hardNavigate } from './navigation.ts';
import { CURRENT_USER_QUERY_KEY } from './query-client.ts';

export interface AuthState {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

/** Signed-in state is simply "GET /api/user returned a user" (docs/product.md#audiences-and-roles); a 401 means signed out. */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, isAdmin: user?.role === 'admin' };
}

/** First name, else email: how the portal headers and greetings address a user. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email;
}

/**
 * Logout errors are only logged (docs/product.md#accounts): whatever happened, a full reload of / drops every cached
 * query that belonged to the old session.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout', {});
  } catch (error) {
    console.error('Logout failed', error);
  }
  hardNavigate('/');
}
