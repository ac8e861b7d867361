import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { scrollToHash } from '#client/lib/scroll.ts';

/**
 * SPA navigations do not reset the scroll position: start each page at its top, or at its anchor. The page the
 * browser loaded is left where the visitor is: a server-rendered page can be read and scrolled before the app
 * hydrates it (docs/decisions/0014-server-rendered-public-pages.md), and a reload or Back restores its place.
 * Its anchor is looked for only while the page is still at its top: a page the browser renders itself may not
 * have had the target when it loaded.
 */
export function ScrollManager() {
  const [path] = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    if (shown.current === path) return;
    shown.current = path;
    const { hash } = window.location;
    if (first && window.scrollY > 0) return;
    if (hash) scrollToHash(hash);
    else if (!first) window.scrollTo(0, 0);
  }, [path]);
  return null;
}
