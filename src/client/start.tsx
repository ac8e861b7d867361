import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';

// The app itself, which main.tsx loads: it hydrates a server-rendered page or renders one in the browser.

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A server-rendered public page carries the query cache it was rendered with (a JSON data block, not a script:
// the CSP allows no inline script). Hydrating from it gives the same markup with no refetch.
const state = document.getElementById('query-state')?.textContent;
if (state) {
  hydrate(queryClient, JSON.parse(state));
  // The hydration runs in a task of its own after this module's evaluation, and as a transition, which yields to
  // the browser every few milliseconds: a tap or a scroll on a slow phone is answered meanwhile.
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  }, 0);
} else {
  createRoot(root).render(app);
}
