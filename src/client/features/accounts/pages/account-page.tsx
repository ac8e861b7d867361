import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { PlanSchedulesCard } from '#client/features/instalments/index.ts';
import { YourDataCard } from '#client/features/privacy/index.ts';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useProfile } from '../api/account.ts';
import { BillingCard } from '../components/billing-card.tsx';
import { DevicesCard } from '../components/devices-card.tsx';
import { EmailPreferencesCard } from '../components/email-preferences-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { ProfileCard } from '../components/profile-card.tsx';

/** /account: profile, avatar, password and signed-in devices, for students and admins alike. */
export function AccountPage() {
  useDocumentTitle('Account settings');
  const { user } = useAuth();
  const profile = useProfile();
  if (!user) return <PageLoader label="Loading your account..." />;
  const isAdmin = user.role === 'admin';

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PortalHeader user={user} showAdminBadge={isAdmin} />
      <main id="main" className="flex-1">
        <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
          <Button asChild variant="link" className="mb-4 text-sm">
            <Link href={isAdmin ? '/admin' : '/dashboard'}>
              <ArrowLeft aria-hidden="true" />
              {isAdmin ? 'Back to admin dashboard' : 'Back to my dashboard'}
            </Link>
          </Button>
          <h1 className="text-3xl font-bold tracking-tight text-navy-950">Account settings</h1>
          <p className="mt-1 text-muted-foreground">
            Your details, orders, password, email preferences, the devices you are signed in on, and your
            data.
          </p>

          <div className="mt-8 flex flex-col gap-6">
            {profile.isPending ? (
              <Skeleton className="h-96 w-full rounded-xl" />
            ) : profile.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Failed to load your profile. Please reload the page.
              </p>
            ) : (
              <ProfileCard profile={profile.data} />
            )}
            {isAdmin ? null : <BillingCard />}
            {isAdmin ? null : <PlanSchedulesCard />}
            <PasswordCard />
            <DevicesCard />
            <EmailPreferencesCard />
            <YourDataCard />
          </div>
        </div>
      </main>
    </div>
  );
}
