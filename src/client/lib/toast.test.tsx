import { act, render, renderHook, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '#client/components/ui/toast.tsx';
import { type ToasterToast, toast, toastReducer, useToast } from './toast.ts';

function makeToast(id: string): ToasterToast {
  return { id, title: `Toast ${id}`, open: true, onOpenChange: () => {} };
}

describe('toastReducer', () => {
  it('keeps only the newest toast (TOAST_LIMIT = 1)', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: makeToast('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: makeToast('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates, dismisses (closes without removing) and removes', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: makeToast('1') });
    state = toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Changed' } });
    expect(state.toasts[0]).toMatchObject({ id: '1', title: 'Changed', open: true });
    state = toastReducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0]).toMatchObject({ id: '1', open: false });
    state = toastReducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });
});

describe('<Toaster />', () => {
  it('shows one toast at a time: a new toast replaces the visible one', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'first description' });
    });
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(await within(region).findByText('First')).toBeInTheDocument();

    act(() => {
      toast({ title: 'Second', description: 'second description', variant: 'destructive' });
    });
    expect(await within(region).findByText('Second')).toBeInTheDocument();
    expect(within(region).queryByText('First')).not.toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
  });

  it('offers the F8 hotkey in the region label', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('keeps a dismissed toast in the store, closed, until 1,000,000 ms have passed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Saved' });
    });
    expect(result.current.toasts).toHaveLength(1);

    act(() => handle?.dismiss());
    expect(result.current.toasts[0]).toMatchObject({ title: 'Saved', open: false });
    act(() => {
      vi.advanceTimersByTime(999_999);
    });
    expect(result.current.toasts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toasts).toEqual([]);
  });
});
