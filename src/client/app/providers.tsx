import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '#client/components/ui/toast.tsx';
import { queryClient as defaultQueryClient } from '#client/lib/query-client.ts';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so cached data never leaks between them. */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient = defaultQueryClient }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
