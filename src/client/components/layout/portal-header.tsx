import { LogOut, Settings, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { displayName, logout } from '#client/lib/auth.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { LogoMark } from './logo.tsx';

interface PortalHeaderProps {
  user: CurrentUser;
  /** Shown on admin screens so an admin viewing the student side knows where they are. */
  showAdminBadge?: boolean;
  /** The notifications button (with its unread count) supplied by the screen. */
  notifications?: ReactNode;
}

/** The signed-in header shared by the student and admin dashboards. */
export function PortalHeader({ user, showAdminBadge = false, notifications }: PortalHeaderProps) {
  const [loggingOut, setLoggingOut] = useState(false);
  const name = displayName(user);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* Every page with this header has its content in <main id="main"> (WCAG 2.4.1, README 'Accessibility'). */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-3">
          <Link
            href="/"
            aria-label="TradeSkills dashboard"
            className="-m-1 flex items-center gap-2.5 rounded-md p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LogoMark />
            <span className="hidden text-xl font-extrabold tracking-tight sm:inline">
              <span className="text-navy-900">Trade</span>
              <span className="text-safety-600">Skills</span>
            </span>
          </Link>
          {showAdminBadge ? <Badge variant="accent">Admin</Badge> : null}
        </div>

        <div className="flex items-center gap-1 sm:gap-2">
          {user.isTeamManager ? (
            <Link
              href="/team"
              className="flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-navy-900 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Users aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">My team</span>
              <span className="sr-only sm:hidden">My team</span>
            </Link>
          ) : null}
          {notifications}
          <Link
            href="/account"
            className="flex min-w-0 items-center gap-2 rounded-full py-1 pr-1 pl-1 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:pr-3"
            aria-label={`Account settings for ${name}`}
          >
            {/* The link is named after the person, so its initials are not read (or required in the name). */}
            <Avatar
              decorative
              firstName={user.firstName}
              lastName={user.lastName}
              email={user.email}
              imageUrl={user.profileImageUrl}
            />
            <span className="hidden max-w-48 truncate text-sm font-medium text-navy-900 sm:inline">
              {name}
            </span>
            <Settings aria-hidden="true" className="hidden size-4 text-muted-foreground md:block" />
          </Link>
          <Button
            variant="ghost"
            size="sm"
            disabled={loggingOut}
            onClick={() => {
              setLoggingOut(true);
              void logout();
            }}
            aria-label={loggingOut ? 'Logging out...' : 'Log out'}
          >
            <LogOut aria-hidden="true" />
            <span className="hidden sm:inline">{loggingOut ? 'Logging out...' : 'Log out'}</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
