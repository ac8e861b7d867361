import type { LucideIcon } from 'lucide-react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '#client/components/layout/logo.tsx';
import { Card } from '#client/components/ui/card.tsx';

const HAZARD_STRIPE =
  '[background-image:repeating-linear-gradient(135deg,var(--color-safety-500)_0_18px,var(--color-navy-950)_18px_36px)]';

interface AuthCardLayoutProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** The signed-out password screens: the brand, one focused card, and a way back to sign in. */
export function AuthCardLayout({ icon: Icon, title, description, children }: AuthCardLayoutProps) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-background">
      <div aria-hidden="true" className={`h-1.5 w-full ${HAZARD_STRIPE}`} />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-5 py-5 sm:px-8">
        <Link
          href="/"
          aria-label="TradeSkills home"
          className="-m-1 rounded-md p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>
        <Link
          href="/login"
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to sign in
        </Link>
      </header>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0"
      >
        <Card className="w-full max-w-md p-6 sm:p-8">
          <span className="flex size-11 items-center justify-center rounded-lg bg-safety-100 text-safety-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-navy-950">{title}</h1>
          <div className="mt-2 text-sm text-muted-foreground">{description}</div>
          <div className="mt-7">{children}</div>
        </Card>
      </main>
    </div>
  );
}
