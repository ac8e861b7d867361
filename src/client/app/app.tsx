import type { QueryClient } from '@tanstack/react-query';
import { type BaseLocationHook, Router } from 'wouter';
import { ErrorBoundary } from './error-boundary.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';
import { ScrollManager } from './scroll-manager.tsx';

interface AppProps {
  queryClient?: QueryClient;
  /** Tests drive the app with wouter's memory location; the browser uses the History API. */
  locationHook?: BaseLocationHook;
  /** Server rendering (src/client/entry-server.tsx): the requested path and query, as there is no window. */
  ssrPath?: string;
  ssrSearch?: string;
}

export function App({ queryClient, locationHook, ssrPath, ssrSearch }: AppProps) {
  return (
    <ErrorBoundary>
      <Providers queryClient={queryClient}>
        <Router hook={locationHook} ssrPath={ssrPath} ssrSearch={ssrSearch}>
          <ScrollManager />
          <AppRoutes />
        </Router>
      </Providers>
    </ErrorBoundary>
  );
}
