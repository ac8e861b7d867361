import './styles/globals.css';

// The entry is small on purpose (docs/decisions/0014-server-rendered-public-pages.md): a server-rendered page is
// readable before the app runs, so the app (React, the routes, the hydration) is loaded once the browser has
// painted the page. On a slow phone the first paint then never waits for the app's download, parsing or
// hydration. A page the browser renders itself (the shell) loads the app at once.

/** A tab opened in the background paints only when shown: by then the app has been started anyway. */
const START_AT_THE_LATEST_MS = 2000;

const start = () => import('./start.tsx');
if (document.getElementById('query-state')) afterFirstPaint(start);
else void start();

function afterFirstPaint(then: () => Promise<unknown>): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    clearTimeout(latest);
    void then();
  };
  const latest = setTimeout(once, START_AT_THE_LATEST_MS);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) setTimeout(once, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
}
