import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import './styles/globals.css';

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
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
