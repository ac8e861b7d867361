/** The admin console's tabs; the dashboard page owns the state, tabs like Overview switch it. */
export type AdminTab =
  | 'overview'
  | 'students'
  | 'messages'
  | 'content'
  | 'analytics'
  | 'sessions'
  | 'teams'
  | 'storefront';
