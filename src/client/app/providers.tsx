import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { queryClient as defaultQueryClient } from '#client/lib/query-client.ts';
import { useToast } from '#client/lib/toast.ts';
import { isClientRenderedPath } from '#shared/site-routes.ts';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so cached data never leaks between them. */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient = defaultQueryClient }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}

const Toaster = lazy(() => import('#client/components/ui/toast.tsx').then((m) => ({ default: m.Toaster })));

/**
 * The toast UI (Radix Toast) is downloaded with the first toast, not with every page: most visits to the public
 * pages never show one, and it would otherwise be a tenth of their JavaScript. Once shown it stays mounted.
 */
function LazyToaster() {
  const { toasts } = useToast();
  // Portal, admin and form pages (rendered in the browser, never hydrated) may have to show 'Unauthorized' or
  // 'Access denied' for only half a second before a redirect: there the toast UI loads with the page.
  const [needed, setNeeded] = useState(
    () => typeof window !== 'undefined' && isClientRenderedPath(window.location.pathname),
  );
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
