import { hydrate } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import './styles/globals.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');

/**
 * Marks the page as interactive once React has committed (after hydration on server-rendered pages): the
 * browser journeys wait for `html[data-hydrated]` before using controls that only work with JavaScript.
 */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <App />
    <HydratedMarker />
  </StrictMode>
);

// A server-rendered public page carries the query cache it was rendered with (a JSON data block, not a script:
// the CSP allows no inline script). Hydrating from it gives the same markup with no refetch.
const state = document.getElementById('query-state')?.textContent;
if (state) {
  hydrate(queryClient, JSON.parse(state));
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
