// Which paths the web app answers, so the server can tell a real page from an unknown one (HTTP 404) without
// running the client's router. src/client/app/routes.test.ts fails when routes.tsx and these lists disagree.

/** Pages the server renders to HTML with their content (docs/decisions/0014-server-rendered-public-pages.md). */
export const SERVER_RENDERED_PATHS = [
  '/',
  '/fundamental-courses',
  '/upskill-courses',
  '/courses/:courseId',
  '/privacy',
  '/accessibility',
] as const;

/** Pages the browser renders (portal, admin, forms): the server sends the app shell with 200. */
export const CLIENT_RENDERED_PATHS = [
  '/login',
  '/admin',
  '/admin/media',
  '/admin/apprentices',
  '/admin/standards',
  '/admin/mailbox',
  '/admin/data-requests',
  '/student',
  '/dashboard',
  '/apprenticeship',
  '/team',
  '/account',
  '/billing/overdue/:instalmentId',
  '/billing/plans/:paymentId/card',
  '/courses/:courseId/purchase',
  '/courses/:courseId/team',
  '/team-orders/confirm',
  '/checkout/:courseId',
  '/purchase-success',
  '/payment-authentication/:intentId',
  '/forgot-password',
  '/reset-password',
  '/staff/accept',
  '/reviews-policy',
  '/waitlist/confirm',
  '/waitlist/unsubscribe',
  '/unsubscribe',
] as const;

/** The `:params` of `pattern` when `path` matches it (one segment per param), else null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (!g) return null;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

export function isClientRenderedPath(path: string): boolean {
  return CLIENT_RENDERED_PATHS.some((pattern) => matchPath(pattern, path) !== null);
}
