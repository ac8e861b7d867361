import { LayoutDashboard, LogIn, Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/lib/auth.ts';
import { scrollToHash } from '#client/lib/scroll.ts';
import { cn } from '#client/lib/utils.ts';
import { Logo } from './logo.tsx';

export interface NavLink {
  label: string;
  href: string;
}

export const PUBLIC_NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'Fundamental Courses', href: '/fundamental-courses' },
  { label: 'Upskill My Team', href: '/upskill-courses' },
  { label: 'About', href: '/#about' },
  { label: 'Contact', href: '/#contact' },
];

const ANCHOR_HASHES = PUBLIC_NAV_LINKS.flatMap((link) => {
  const anchor = link.href.split('#')[1];
  return anchor ? [`#${anchor}`] : [];
});

/** Which link is "the current page": an anchor link only on the landing page scrolled to that anchor. */
export function isNavLinkActive(href: string, path: string, hash: string): boolean {
  const [linkPath, anchor] = href.split('#') as [string, string | undefined];
  if (anchor !== undefined) return path === linkPath && hash === `#${anchor}`;
  if (linkPath === '/') return path === '/' && !ANCHOR_HASHES.includes(hash);
  return path === linkPath || path.startsWith(`${linkPath}/`);
}

const currentHash = () => window.location.hash;
// Server rendering and hydration see no hash; the real one is read right after.
const noHash = () => '';

export function PublicHeader() {
  const [path] = useLocation();
  const hash = useLocationProperty(currentHash, noHash);
  const { isAuthenticated } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  // Following a link or moving between pages closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path and hash are the triggers, not inputs.
  useEffect(() => setMenuOpen(false), [path, hash]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // Re-clicking the link of the page (or anchor) you are on still takes you to its top (or anchor).
  const onNavClick = (href: string) => () => {
    const anchor = href.split('#')[1];
    if (anchor) scrollToHash(`#${anchor}`);
    else if (href === path) window.scrollTo({ top: 0, behavior: 'smooth' });
    setMenuOpen(false);
  };

  const portalLink = isAuthenticated
    ? { label: 'My Dashboard', href: '/', icon: LayoutDashboard }
    : { label: 'Portal Login', href: '/login', icon: LogIn };
  const PortalIcon = portalLink.icon;

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          href="/"
          aria-label="TradeSkills home"
          onClick={onNavClick('/')}
          className="-m-1 rounded-md p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {PUBLIC_NAV_LINKS.map((link) => {
              const active = isNavLinkActive(link.href, path, hash);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavClick(link.href)}
                    className={cn(
                      'relative inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      'after:absolute after:inset-x-3 after:-bottom-[15px] after:h-[3px] after:rounded-full after:transition-colors',
                      active
                        ? 'text-navy-900 after:bg-accent'
                        : 'text-muted-foreground after:bg-transparent hover:bg-muted hover:text-navy-900',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <Button asChild className="hidden sm:inline-flex">
            <Link href={portalLink.href}>
              <PortalIcon aria-hidden="true" />
              {portalLink.label}
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6!" />
            ) : (
              <Menu aria-hidden="true" className="size-6!" />
            )}
          </Button>
        </div>
      </div>

      {menuOpen ? (
        <nav
          id={menuId}
          aria-label="Mobile"
          className="animate-slide-down border-t border-border bg-white shadow-raised lg:hidden"
        >
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
            {PUBLIC_NAV_LINKS.map((link) => {
              const active = isNavLinkActive(link.href, path, hash);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavClick(link.href)}
                    className={cn(
                      'flex items-center rounded-md border-l-4 px-3 py-3 text-base font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      active
                        ? 'border-accent bg-safety-50 text-navy-900'
                        : 'border-transparent text-navy-800 hover:bg-muted',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
            <li className="mt-2 border-t border-border pt-3">
              <Button asChild size="lg" className="w-full">
                <Link href={portalLink.href}>
                  <PortalIcon aria-hidden="true" />
                  {portalLink.label}
                </Link>
              </Button>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
