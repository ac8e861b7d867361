import { useEffect } from 'react';

/**
 * Marks the page as interactive once React has committed the page's own content: rendered inside each route's
 * Suspense boundary, so on a server-rendered page it runs only after the lazily loaded page has hydrated, not
 * when the shell around it has. The browser journeys wait for `html[data-hydrated]` before using controls that
 * only work with JavaScript (tests/e2e/fixtures.ts).
 */
export function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
