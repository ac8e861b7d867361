import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#client/lib/utils.ts';
import { Logo } from './logo.tsx';

/** The safety-tape stripe the signed-out screens (sign in, password reset) carry. */
export const HAZARD_STRIPE =
  '[background-image:repeating-linear-gradient(135deg,var(--color-safety-500)_0_18px,var(--color-navy-950)_18px_36px)]';

/** The signed-out screens' top bar: the logo home, and one way back. */
export function AuthTopBar({
  back,
  className,
}: {
  back: { href: string; label: string };
  className?: string;
}) {
  return (
    <div className={cn('flex items-center justify-between gap-4', className)}>
      <Link
        href="/"
        aria-label="TradeSkills home"
        className="-m-1 rounded-md p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Logo />
      </Link>
      <Link
        href={back.href}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </Link>
    </div>
  );
}
