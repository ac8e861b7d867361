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
}

export function App({ queryClient, locationHook }: AppProps) {
  return (
    <ErrorBoundary>
      <Providers queryClient={queryClient}>
        <Router hook={locationHook}>
          <ScrollManager />
          <AppRoutes />
        </Router>
      </Providers>
    </ErrorBoundary>
  );
}
