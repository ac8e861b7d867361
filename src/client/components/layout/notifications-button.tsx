import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '#client/components/ui/button.tsx';

interface NotificationsButtonProps extends Omit<ComponentProps<typeof Button>, 'children'> {
  /** Unread items; the badge is hidden at 0. */
  count?: number;
}

export function NotificationsButton({ count = 0, ...props }: NotificationsButtonProps) {
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Button variant="ghost" size="icon" aria-label={label} className="relative" {...props}>
      <Bell aria-hidden="true" className="size-5!" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex min-w-4.5 items-center justify-center rounded-full bg-accent px-1 text-[10px] leading-4.5 font-bold text-accent-foreground"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Button>
  );
}
