import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { type AccessArea, type AccessDecision, decideAccess } from '#client/lib/access.ts';
import { useAuth } from '#client/lib/auth.ts';
import { hardNavigate } from '#client/lib/navigation.ts';
import { toast } from '#client/lib/toast.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { ForcePasswordChangePage } from './pages.ts';

interface RouteGuardProps {
  area: AccessArea;
  children: ReactNode;
  /** What to show while the user check runs, e.g. 'Loading admin dashboard...'. */
  loadingLabel?: string;
  /** Called while the user check runs, to fetch the likely next page's code in parallel. */
  onPending?: () => void;
}

/** Carries out decideAccess(): shows the page, the forced password change, a loader, or redirects. */
export function RouteGuard({ area, children, loadingLabel, onPending }: RouteGuardProps) {
  const { isLoading, user } = useAuth();
  const role = user?.role;
  const mustChangePassword = user?.mustChangePassword;
  const roles = user?.roles?.join(',');
  // Memoised on the inputs that matter, so a refetch returning an equal user does not re-run the redirect.
  const decision = useMemo(
    () =>
      decideAccess(area, {
        isLoading,
        user: role
          ? {
              role,
              mustChangePassword: mustChangePassword ?? false,
              roles:
                roles === undefined ? undefined : (roles.split(',').filter(Boolean) as CurrentUser['roles']),
            }
          : null,
      }),
    [area, isLoading, role, mustChangePassword, roles],
  );
  const [, navigate] = useLocation();

  useEffect(() => {
    if (decision.kind === 'loading') onPending?.();
  }, [decision, onPending]);

  useEffect(() => {
    if (decision.kind !== 'redirect') return;
    if (decision.notice) toast({ ...decision.notice, variant: 'destructive' });
    const go = () => {
      if (decision.via === 'document') hardNavigate(decision.to);
      else navigate(decision.to, { replace: true });
    };
    if (decision.delayMs === 0) {
      go();
      return;
    }
    const timer = setTimeout(go, decision.delayMs);
    return () => clearTimeout(timer);
  }, [decision, navigate]);

  return renderDecision(decision, children, loadingLabel);
}

function renderDecision(decision: AccessDecision, children: ReactNode, loadingLabel?: string) {
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'loading':
      return <PageLoader label={loadingLabel} />;
    case 'redirect':
      return <PageLoader label="Redirecting..." />;
    case 'change-password':
      return (
        <Suspense fallback={<PageLoader />}>
          <ForcePasswordChangePage />
        </Suspense>
      );
  }
}
