import { Bell } from 'lucide-react';
import { type ComponentProps, lazy, Suspense } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useDeferredDialog } from './use-deferred-dialog.ts';

const WaitlistDialog = lazy(() => import('./waitlist-dialog.tsx'));

/**
 * 'Notify Me' on a coming-soon course (docs/product.md#waitlist): an email, then a confirmation link by email
 * (double opt-in). The button's look and label are the caller's; the form loads when it is pressed.
 */
export function NotifyMeButton({
  course,
  label = 'Notify Me',
  icon: Icon = Bell,
  ...buttonProps
}: { course: { id: string; title: string }; label?: string; icon?: typeof Bell } & ComponentProps<
  typeof Button
>) {
  const dialog = useDeferredDialog();
  return (
    <>
      <Button {...buttonProps} {...dialog.trigger}>
        <Icon aria-hidden="true" />
        {label}
      </Button>
      {dialog.wanted ? (
        <Suspense fallback={null}>
          <WaitlistDialog course={course} dialog={dialog} />
        </Suspense>
      ) : null}
    </>
  );
}
