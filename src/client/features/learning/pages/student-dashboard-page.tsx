import { GraduationCap } from 'lucide-react';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { NotificationsButton } from '#client/components/layout/notifications-button.tsx';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { useAuth } from '#client/lib/auth.ts';

export function StudentDashboardPage() {
  const { user } = useAuth();
  if (!user) return <PageLoader label="Loading your dashboard..." />;
  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader user={user} notifications={<NotificationsButton />} />
      <main id="main" className="flex-1">
        <ComingSoon
          icon={GraduationCap}
          title={`Welcome back, ${user.firstName?.trim() || 'Student'}!`}
          description="Your training modules, upcoming sessions and messages will appear here."
        />
      </main>
    </div>
  );
}
