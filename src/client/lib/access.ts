import { REDIRECT_DELAY_MS } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { LOGIN_REDIRECT_URL } from './unauthorized.ts';

// Who may see which screen (docs/product.md#audiences-and-roles), as a pure function so every branch is unit tested
// and the route guards only carry out the answer.

export type AccessArea =
  /** `/`: the landing page when signed out, otherwise the user's own dashboard. */
  | 'home'
  /** `/admin`: staff (any staff role: admin, tutor, instructor, finance); each tab then checks its own role. */
  | 'admin'
  /** `/dashboard`, `/student`: any signed-in user (admins get the student view). */
  | 'student'
  /** `/account`: any signed-in user. */
  | 'account'
  /** `/team`: team managers (who may be students as well). */
  | 'team'
  /** `/login`: signed-out visitors; a signed-in one is sent home. */
  | 'guest';

export interface Notice {
  title: string;
  description: string;
}

export type AccessDecision =
  | { kind: 'loading' }
  | { kind: 'allow' }
  | { kind: 'change-password' }
  | {
      kind: 'redirect';
      to: string;
      /** 'router' stays in the SPA; 'document' is a full page load (the server answers /api/login). */
      via: 'router' | 'document';
      delayMs: number;
      notice?: Notice;
    };

export interface AccessInput {
  isLoading: boolean;
  user: (Pick<CurrentUser, 'role' | 'mustChangePassword'> & Partial<Pick<CurrentUser, 'roles'>>) | null;
}

/** A staff account (docs/staff.md): an admin, or a staff account that still holds a staff role. */
export function isStaff(user: NonNullable<AccessInput['user']>): boolean {
  if (user.role === 'admin') return true;
  if (user.role !== 'staff') return false;
  return (user.roles ?? []).some((r) => r === 'tutor' || r === 'instructor' || r === 'finance');
}

/** Where "/" takes a signed-in user: staff to the console, students to their dashboard, managers to /team. */
function homeOf(user: NonNullable<AccessInput['user']>): string {
  if (isStaff(user)) return '/admin';
  const roles = user.roles ?? ['student'];
  return roles.includes('teamManager') && !roles.includes('student') ? '/team' : '/dashboard';
}

export const TEAM_ACCESS_DENIED: Notice = {
  title: 'Access Denied',
  description: 'Team manager access required. Redirecting...',
};

export const ACCESS_DENIED: Notice = {
  title: 'Access Denied',
  description: 'Admin access required. Redirecting...',
};

export const SIGNED_OUT: Notice = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
};

export function decideAccess(area: AccessArea, { isLoading, user }: AccessInput): AccessDecision {
  if (area === 'guest') {
    // The login form shows at once rather than waiting for the user check.
    return user ? { kind: 'redirect', to: '/', via: 'router', delayMs: 0 } : { kind: 'allow' };
  }
  if (isLoading) return { kind: 'loading' };

  switch (area) {
    case 'home':
      if (!user) return { kind: 'allow' };
      if (user.mustChangePassword) return { kind: 'change-password' };
      return {
        kind: 'redirect',
        to: homeOf(user),
        via: 'router',
        delayMs: 0,
      };
    case 'admin':
      if (!user) {
        return {
          kind: 'redirect',
          to: LOGIN_REDIRECT_URL,
          via: 'document',
          delayMs: REDIRECT_DELAY_MS,
          notice: ACCESS_DENIED,
        };
      }
      if (!isStaff(user)) {
        return {
          kind: 'redirect',
          to: '/',
          via: 'router',
          delayMs: REDIRECT_DELAY_MS,
          notice: ACCESS_DENIED,
        };
      }
      return user.mustChangePassword ? { kind: 'change-password' } : { kind: 'allow' };
    case 'team':
      if (!user) {
        return {
          kind: 'redirect',
          to: LOGIN_REDIRECT_URL,
          via: 'document',
          delayMs: REDIRECT_DELAY_MS,
          notice: SIGNED_OUT,
        };
      }
      if (user.mustChangePassword) return { kind: 'change-password' };
      if (!user.roles?.includes('teamManager')) {
        return {
          kind: 'redirect',
          to: '/',
          via: 'router',
          delayMs: REDIRECT_DELAY_MS,
          notice: TEAM_ACCESS_DENIED,
        };
      }
      return { kind: 'allow' };
    case 'student':
    case 'account':
      if (!user) {
        return {
          kind: 'redirect',
          to: LOGIN_REDIRECT_URL,
          via: 'document',
          delayMs: REDIRECT_DELAY_MS,
          notice: SIGNED_OUT,
        };
      }
      return user.mustChangePassword ? { kind: 'change-password' } : { kind: 'allow' };
  }
}
