import { useEffect } from 'react';

const SITE_NAME = 'TradeSkills';

/** Sets the tab title ("Login · TradeSkills"); each page names itself so history and tabs are readable. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} · Trade & apprenticeship training`;
  }, [title]);
}
