import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
