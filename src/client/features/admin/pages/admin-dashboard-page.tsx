import { LayoutDashboard } from 'lucide-react';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { NotificationsButton } from '#client/components/layout/notifications-button.tsx';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { useAuth } from '#client/lib/auth.ts';

export function AdminDashboardPage() {
  const { user } = useAuth();
  if (!user) return <PageLoader label="Loading admin dashboard..." />;
  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader user={user} showAdminBadge notifications={<NotificationsButton />} />
      <main id="main" className="flex-1">
        <ComingSoon
          icon={LayoutDashboard}
          title="Admin Dashboard"
          description="Students, messages, course content and analytics will be managed here."
        />
      </main>
    </div>
  );
}
