import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages are lazy chunks that Vite transforms on first import; on a busy machine that takes over a second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs that Radix and our scroll helper touch.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (typeof window.IntersectionObserver === 'undefined') {
  // The landing page's count-up watches visibility; in jsdom nothing ever becomes visible.
  window.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
// App modules are imported lazily here: a static import would load them before a test file's vi.mock()
// calls apply, leaving them wired to the real dependencies.
afterEach(async () => {
  cleanup();
  const [{ resetToasts }, { resetUnauthorizedState }] = await Promise.all([
    import('#client/lib/toast.ts'),
    import('#client/lib/unauthorized.ts'),
  ]);
  resetToasts();
  resetUnauthorizedState();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
