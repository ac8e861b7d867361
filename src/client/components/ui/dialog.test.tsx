import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTitle } from './alert-dialog.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog.tsx';

// Dialogs opened from state (no Radix Trigger) give focus back to the button that opened them (return-focus.ts).

function Opened({ alert = false }: { alert?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Schedule Session
      </button>
      {alert ? (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent aria-describedby={undefined}>
            <AlertDialogTitle>Delete?</AlertDialogTitle>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Schedule Session</DialogTitle>
            <DialogDescription>Times are local.</DialogDescription>
            <input aria-label="Title" />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

describe('dialogs return focus to their opener', () => {
  for (const alert of [false, true]) {
    it(`${alert ? 'an alert dialog' : 'a dialog'} opened from state, closed with Escape`, async () => {
      const user = userEvent.setup();
      render(<Opened alert={alert} />);
      const opener = screen.getByRole('button', { name: 'Schedule Session' });
      await user.click(opener);
      const dialog = await screen.findByRole(alert ? 'alertdialog' : 'dialog');
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole(alert ? 'alertdialog' : 'dialog')).toBeNull());
      expect(document.activeElement).toBe(opener);
    });
  }
});
