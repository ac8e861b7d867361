import { UserCog } from 'lucide-react';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { useAuth } from '#client/lib/auth.ts';

export function AccountPage() {
  const { user } = useAuth();
  if (!user) return <PageLoader label="Loading your account..." />;
  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader user={user} showAdminBadge={user.role === 'admin'} />
      <main id="main" className="flex-1">
        <ComingSoon
          icon={UserCog}
          title="Account settings"
          description="Update your profile and change your password here."
        />
      </main>
    </div>
  );
}
