import { useRef, useState } from 'react';

/**
 * A dialog whose code loads on first use (README 'Performance'): the page hydrates only its trigger button, and
 * the dialog, its form and its validation arrive when a visitor first opens it. Spread `trigger` on the button
 * and `content` on the DialogContent (focus goes back to the button on close, as a DialogTrigger would do).
 */
export function useDeferredDialog() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return {
    open,
    setOpen,
    /** True once the visitor has asked for the dialog: render the lazy component from then on. */
    wanted,
    trigger: {
      ref: button,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    },
    content: {
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        button.current?.focus();
      },
    },
  };
}

export type DeferredDialog = ReturnType<typeof useDeferredDialog>;
