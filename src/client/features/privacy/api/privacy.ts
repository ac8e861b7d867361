import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type { DataExport, DataRequest, ErasureResult, LogDataRequestInput } from '#shared/schemas/privacy.ts';

export const EXPORTS_QUERY_KEY = ['/api/account/data-exports'] as const;
export const DATA_REQUESTS_QUERY_KEY = ['/api/admin/data-requests'] as const;

const inMaking = (e: DataExport | null | undefined) => e?.status === 'queued' || e?.status === 'running';

/** The caller's recent exports; read every 2 s while one is being made, so its progress moves. */
export function useOwnExports() {
  return useQuery<{ items: DataExport[] }>({
    queryKey: EXPORTS_QUERY_KEY,
    refetchInterval: (query) => (inMaking(query.state.data?.items[0]) ? 2000 : false),
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ id: string }>('POST', '/api/account/data-exports'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPORTS_QUERY_KEY }),
  });
}

export function useRequestErasure() {
  return useMutation({ mutationFn: () => apiJson<{ id: string }>('POST', '/api/account/erasure-requests') });
}

/** The register; read every 2 s while an export it started is being made. */
export function useDataRequests() {
  return useQuery<{ items: DataRequest[] }>({
    queryKey: DATA_REQUESTS_QUERY_KEY,
    refetchInterval: (query) =>
      query.state.data?.items.some((i) => inMaking(i.latestExport)) ? 2000 : false,
  });
}

function useRegisterMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATA_REQUESTS_QUERY_KEY }),
  });
}

export const useLogRequest = () =>
  useRegisterMutation((input: LogDataRequestInput) =>
    apiJson<DataRequest>('POST', '/api/admin/data-requests', input),
  );
export const useExportForRequest = () =>
  useRegisterMutation((id: string) =>
    apiJson<{ id: string }>('POST', `/api/admin/data-requests/${id}/export`),
  );
export const useErase = () =>
  useRegisterMutation((id: string) => apiJson<ErasureResult>('POST', `/api/admin/data-requests/${id}/erase`));
