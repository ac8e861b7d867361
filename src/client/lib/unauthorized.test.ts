import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '#client/test/render.tsx';
import { hardNavigate } from './navigation.ts';
import { createQueryClient } from './query-client.ts';
import { useToast } from './toast.ts';
import { handleUnauthorized } from './unauthorized.ts';

vi.mock('./navigation.ts', () => ({ hardNavigate: vi.fn(), reloadPage: vi.fn() }));

describe('handleUnauthorized', () => {
  it('toasts "Unauthorized" and redirects to /api/login after 500 ms, once', () => {
    vi.useFakeTimers();
    vi.mocked(hardNavigate).mockClear();
    const { result } = renderHook(() => useToast());

    act(() => {
      handleUnauthorized();
      handleUnauthorized();
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    vi.advanceTimersByTime(499);
    expect(hardNavigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hardNavigate).toHaveBeenCalledTimes(1);
    expect(hardNavigate).toHaveBeenCalledWith('/api/login');
  });
});

describe('createQueryClient', () => {
  it('uses the defaults of docs/product.md#constants-and-timings', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 15 * 60 * 1000,
      gcTime: 30 * 60 * 1000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('reacts to a 401 from any query with the logged-out toast and redirect', async () => {
    vi.mocked(hardNavigate).mockClear();
    const fetchMock = mockFetch(() => jsonResponse({ message: 'Unauthorized' }, 401));
    const client = createQueryClient();
    const { result } = renderHook(() => useToast());

    await expect(client.fetchQuery({ queryKey: ['/api/modules'] })).rejects.toThrow('401:');
    expect(fetchMock).toHaveBeenCalledTimes(1); // not retried
    await vi.waitFor(() => expect(result.current.toasts[0]).toMatchObject({ title: 'Unauthorized' }), {
      timeout: 5000,
    });
    // Generous for a busy machine (CI runs this beside the type check and two API suites).
    await vi.waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/api/login'), { timeout: 5000 });
  });

  it('re-reads the user when the server demands a password change', async () => {
    mockFetch(() => jsonResponse({ message: 'You must change your password before continuing.' }, 403));
    const client = createQueryClient();
    client.setQueryData(['/api/user'], { mustChangePassword: false });
    await expect(client.fetchQuery({ queryKey: ['/api/progress'] })).rejects.toThrow('403:');
    expect(client.getQueryState(['/api/user'])?.isInvalidated).toBe(true);
  });
});
