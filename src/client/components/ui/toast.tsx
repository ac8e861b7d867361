import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useToast } from '#client/lib/toast.ts';
import { cn } from '#client/lib/utils.ts';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#shared/constants.ts';

/**
 * Renders the global toast store (docs/product.md#constants-and-timings): one toast at a time, 5 s each, swipe right past 50 px to
 * dismiss, F8 jumps to the notifications region.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, variant, action, duration, open, onOpenChange }) => {
        const destructive = variant === 'destructive';
        const Icon = destructive ? CircleAlert : CircleCheck;
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            onOpenChange={onOpenChange}
            onEscapeKeyDown={closeTopDialog}
            duration={duration}
            // Errors interrupt screen readers; confirmations wait their turn.
            type={destructive ? 'foreground' : 'background'}
            data-variant={variant ?? 'default'}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-raised',
              'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0',
              'data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
              destructive
                ? 'border-destructive bg-destructive text-destructive-foreground'
                : 'border-border bg-card text-card-foreground',
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn('mt-0.5 size-5 shrink-0', destructive ? 'text-white' : 'text-success')}
            />
            <div className="grid min-w-0 flex-1 gap-1">
              {title ? (
                <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
              ) : null}
              {description ? (
                <ToastPrimitive.Description
                  className={cn('text-sm', destructive ? 'text-white/90' : 'text-muted-foreground')}
                >
                  {description}
                </ToastPrimitive.Description>
              ) : null}
              {action}
            </div>
            <ToastPrimitive.Close
              aria-label="Close notification"
              className={cn(
                'absolute top-3 right-3 rounded-md p-1 opacity-80 transition-opacity hover:opacity-100',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:opacity-100',
                destructive ? 'focus-visible:ring-white' : 'focus-visible:ring-ring',
              )}
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        className={cn(
          'fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none',
          'sm:top-auto sm:bottom-0 sm:max-w-[420px]',
        )}
      />
    </ToastPrimitive.Provider>
  );
}

/**
 * A toast sits above an open dialog, so Escape would only close the toast and leave the dialog up. Escape closes
 * both: the toast as usual, and the topmost dialog through its own close (or cancel) button.
 */
function closeTopDialog() {
  const open = document.querySelectorAll<HTMLElement>(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
  const top = open[open.length - 1];
  top?.querySelector<HTMLElement>('[data-dialog-close]:not([disabled])')?.click();
}
