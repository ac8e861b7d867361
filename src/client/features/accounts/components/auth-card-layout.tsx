import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthTopBar, HAZARD_STRIPE } from '#client/components/layout/auth-top-bar.tsx';
import { Card } from '#client/components/ui/card.tsx';

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
      <header className="mx-auto w-full max-w-5xl px-5 py-5 sm:px-8">
        <AuthTopBar back={{ href: '/login', label: 'Back to sign in' }} />
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
