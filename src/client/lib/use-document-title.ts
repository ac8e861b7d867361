import { useEffect } from 'react';
import { pageTitle } from '#shared/site.ts';

/** Sets the tab title ("Login · TradeSkills"); each page names itself so history and tabs are readable. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
