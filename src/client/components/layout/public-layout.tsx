import type { ReactNode } from 'react';
import { PublicHeader } from './public-header.tsx';
import { SiteFooter } from './site-footer.tsx';

interface PublicLayoutProps {
  children: ReactNode;
  /** Pages with their own footer (e.g. the landing page's course list) pass it here. */
  footer?: ReactNode;
}

export function PublicLayout({ children, footer }: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {footer ?? <SiteFooter />}
    </div>
  );
}
