import { Laptop, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { formatDateTime } from '#shared/format.ts';
import type { DeviceSession } from '#shared/schemas/accounts.ts';
import { useDeviceSessions, useSignOutDevice, useSignOutOtherDevices } from '../api/account.ts';
import { lastSeenLabel } from '../last-seen.ts';
import { SectionHeading } from './section-heading.tsx';

function lastSeenText(iso: string): string {
  const label = lastSeenLabel(iso);
  return label === 'Active now' ? label : `Last seen ${label}`;
}

function DeviceIcon({ browser }: { browser: string }) {
  const Icon = /iPhone|Android/.test(browser) ? Smartphone : /iPad/.test(browser) ? Tablet : Laptop;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-700">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

/** The account's signed-in devices, this one first, each with its own 'Sign out'. */
export function DevicesCard() {
  const sessions = useDeviceSessions();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const onSignOut = (session: DeviceSession) =>
    signOut.mutate(session.id, {
      onSuccess: () => toast({ title: 'Signed out', description: `${session.browser} is signed out.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: getErrorMessage(error, 'Failed to sign out that device'),
          variant: 'destructive',
        }),
    });

  const onSignOutOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Signed out', description: `${result.message}.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: getErrorMessage(error, 'Failed to sign out the other devices'),
          variant: 'destructive',
        }),
    });

  return (
    <Card className="p-5 sm:p-6">
      <SectionHeading
        id="devices-heading"
        title="Signed-in devices"
        description="Where your account is signed in. Sign out any device you do not recognise, then change your password."
        action={
          <Button
            variant="outline"
            size="sm"
            onClick={onSignOutOthers}
            disabled={others.length === 0 || signOutOthers.isPending}
          >
            {signOutOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
          </Button>
        }
      />
      {sessions.isPending ? (
        <div className="flex flex-col gap-3" role="status">
          <span className="sr-only">Loading devices...</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load your devices. Please reload the page.
        </p>
      ) : (
        <ul
          aria-labelledby="devices-heading"
          className="divide-y divide-border rounded-lg border border-border"
        >
          {sessions.data.map((session) => (
            <li key={session.id} className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4">
              <DeviceIcon browser={session.browser} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-navy-950">
                  <span className="truncate">{session.browser}</span>
                  {session.current ? <Badge variant="success">This device</Badge> : null}
                </p>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  {session.current ? 'Active now' : lastSeenText(session.lastSeenAt)}
                  <span className="hidden sm:inline">
                    {' · '}Signed in {formatDateTime(session.createdAt)}
                    {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                  </span>
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:bg-red-50 hover:text-destructive"
                  aria-label={`Sign out ${session.browser} (${lastSeenText(session.lastSeenAt)})`}
                  disabled={signOut.isPending && signOut.variables === session.id}
                  onClick={() => onSignOut(session)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
