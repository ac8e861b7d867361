import { useRef } from 'react';

type FocusEventHandler = (event: Event) => void;

/**
 * A dialog gives focus back to whatever opened it (WCAG 2.4.3; README 'Accessibility'). Radix returns focus only
 * to its own Trigger, and most of our dialogs open from state (a row's Edit, a toolbar button), so without this
 * focus fell to the page's body on close. The element focused when the dialog opened is kept, and focused again
 * on close if it is still on the page.
 */
export function useReturnFocus(props: {
  onOpenAutoFocus?: FocusEventHandler;
  onCloseAutoFocus?: FocusEventHandler;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Radix calls this before it moves focus into the dialog: the active element is still the opener.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      props.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      if (target?.isConnected && target !== document.body) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
