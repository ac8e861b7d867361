import type { StaffRole } from '#shared/constants.ts';

/** The admin console's tabs; the dashboard page owns the state, tabs like Overview switch it. */
export type AdminTab =
  | 'caseload'
  | 'overview'
  | 'students'
  | 'messages'
  | 'content'
  | 'analytics'
  | 'sessions'
  /** A tutor's: the sessions their caseload is expected at, to take the register. */
  | 'caseloadSessions'
  | 'teams'
  | 'payments'
  | 'storefront'
  | 'discounts'
  | 'staff'
  | 'audit';

/** Tabs that are pages of their own (another feature's screen). */
export type PageTab = 'apprentices';

/**
 * Which tabs each staff role opens (docs/staff.md): a person holding several roles sees the union. The server
 * refuses everything else anyway; this only keeps the console to what works for them.
 */
const TABS_OF: Record<StaffRole, readonly (AdminTab | PageTab)[]> = {
  admin: [
    'overview',
    'students',
    'messages',
    'content',
    'analytics',
    'sessions',
    'apprentices',
    'teams',
    'payments',
    'storefront',
    'discounts',
    'staff',
    'audit',
  ],
  tutor: ['caseload', 'caseloadSessions', 'apprentices', 'messages'],
  instructor: ['content', 'sessions', 'messages'],
  finance: ['payments', 'teams', 'discounts'],
};

/** The tabs, in the order of the first role that opens each (an admin's order for admins). */
export function tabsFor(roles: readonly string[]): (AdminTab | PageTab)[] {
  const tabs = new Set<AdminTab | PageTab>();
  const ordered = roles.includes('admin') ? ['admin', ...roles] : roles;
  for (const role of ordered) for (const tab of TABS_OF[role as StaffRole] ?? []) tabs.add(tab);
  return [...tabs];
}
