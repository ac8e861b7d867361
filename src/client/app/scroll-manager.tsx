import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { scrollToHash } from '#client/lib/scroll.ts';

/** SPA navigations do not reset the scroll position: start each page at its top, or at its anchor. */
export function ScrollManager() {
  const [path] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a path change is the trigger.
  useEffect(() => {
    const { hash } = window.location;
    if (hash) scrollToHash(hash);
    else window.scrollTo(0, 0);
  }, [path]);
  return null;
}
