import { useQueryClient } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { NotificationsButton } from '#client/components/layout/notifications-button.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatDateTime } from '#shared/format.ts';
import { markNotificationsRead, useNotifications } from './notifications-api.ts';

/**
 * The header bell (docs/product.md#notifications): unread count, the newest notifications in a panel; opening it
 * marks what it shows as read. It updates live: the stream's 'notification' event refreshes it.
 */
export function NotificationsBell() {
  const queryClient = useQueryClient();
  const { data } = useNotifications();
  const items = data?.items ?? [];
  const onOpenChange = (open: boolean) => {
    if (!open) return;
    const unread = items.filter((n) => !n.readAt).map((n) => n.id);
    // Shown as unread this time; the count clears.
    void markNotificationsRead(queryClient, unread).catch(() => undefined);
  };
  return (
    <Popover.Root onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <NotificationsButton count={data?.unread ?? 0} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-border bg-card shadow-lg outline-none"
        >
          <h2 className="border-b px-4 py-3 text-sm font-semibold">Notifications</h2>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">You are all caught up.</p>
          ) : (
            <ul className="max-h-[60vh] divide-y overflow-y-auto" aria-label="Notifications">
              {items.map((n) => (
                <li key={n.id} className={cn('px-4 py-3', !n.readAt && 'bg-safety-50')}>
                  <a
                    href={n.link ?? '#'}
                    className="block rounded-sm focus-visible:outline-2 focus-visible:outline-safety-500"
                  >
                    <p className="text-sm font-medium text-navy-900">{n.title}</p>
                    {n.body ? (
                      <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{n.body}</p>
                    ) : null}
                    <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</p>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
