import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from '#shared/constants.ts';
import { getQueryFn } from './api-client.ts';
import { handleUnauthorized, isPasswordChangeRequiredError, isUnauthorizedError } from './unauthorized.ts';

export const CURRENT_USER_QUERY_KEY = ['/api/user'] as const;

/** docs/product.md#constants-and-timings: fresh for 15 min, cached for 30 min, never retried, no focus refetch, no polling. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onGlobalError(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => onGlobalError(client, error) }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

function onGlobalError(client: QueryClient, error: unknown): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
  } else if (isPasswordChangeRequiredError(error)) {
    // Re-reading the user flips the guards to the forced password-change screen.
    void client.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  }
}

export const queryClient = createQueryClient();
