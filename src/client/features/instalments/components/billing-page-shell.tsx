import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { CurrentUser } from '#shared/schemas/auth.ts';

/** The frame of Billing's own pages (an overdue payment, a change of card): the portal header, back to Billing. */
export function BillingPageShell({
  user,
  title,
  children,
}: {
  user: CurrentUser;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PortalHeader user={user} showAdminBadge={user.role === 'admin'} />
      <main id="main" className="flex-1">
        <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 sm:py-10">
          <Button asChild variant="link" className="mb-4 text-sm">
            <Link href="/account">
              <ArrowLeft aria-hidden="true" />
              Back to Billing
            </Link>
          </Button>
          <h1 className="text-3xl font-bold tracking-tight text-navy-950">{title}</h1>
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
