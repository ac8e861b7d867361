import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { hardNavigate } from '#client/lib/navigation.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { adminUser, jsonResponse, mockFetch, studentUser } from '#client/test/render.tsx';
import { App } from './app.tsx';

vi.mock('#client/lib/navigation.ts', () => ({ hardNavigate: vi.fn(), reloadPage: vi.fn() }));

type User = typeof adminUser | typeof studentUser;

function renderApp(path: string, user: User | null) {
  const fetchMock = mockFetch((url) =>
    url === '/api/user' && user ? jsonResponse(user) : jsonResponse({ message: 'Unauthorized' }, 401),
  );
  const location = memoryLocation({ path, record: true });
  render(<App queryClient={createQueryClient()} locationHook={location.hook} />);
  return { location, fetchMock };
}

// The toast region mounts with the first toast (app/providers.tsx), so it is awaited before it is searched.
const notifications = () => ({
  findByText: async (text: string) =>
    within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text),
  getByText: (text: string) => within(screen.getByRole('region', { name: /Notifications/ })).getByText(text),
});

beforeEach(() => {
  vi.mocked(hardNavigate).mockClear();
});

describe('routing and guards', () => {
  it('shows the landing page to a visitor at /', async () => {
    renderApp('/', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Trade training/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Portal Login' })[0]).toHaveAttribute('href', '/login');
  });

  it('sends an admin from / to the admin dashboard', async () => {
    const { location } = renderApp('/', adminUser);
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/admin');
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('sends a student from / to /dashboard', async () => {
    const { location } = renderApp('/', studentUser);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam!' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/dashboard');
  });

  // The redirect waits half a second after the notice (the timer is asserted, not raced: on a busy machine the
  // test may only see the notice after the half second has passed).
  it('denies a student the admin dashboard, then returns them to / after 500 ms', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const { location } = renderApp('/admin', studentUser);
    // The notice as it was shown: on a busy machine the toast list may already have rendered it again (a new
    // element) by the time this line runs, so the found element's own text is read, not its place in the page.
    const title = await notifications().findByText('Access Denied');
    expect(title.closest('li')?.textContent).toContain('Admin access required. Redirecting...');
    expect(timers.mock.calls.some(([, ms]) => ms === 500)).toBe(true);
    // After the delay the student lands on / which forwards them to their own dashboard.
    await waitFor(() => expect(location.history.at(-1)).toBe('/dashboard'), { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    timers.mockRestore();
  });

  it('denies a visitor the admin dashboard and sends them to /api/login', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    let noticeShownFirst = false;
    vi.mocked(hardNavigate).mockImplementation(() => {
      noticeShownFirst = screen.queryByText('Access Denied') !== null;
    });
    renderApp('/admin', null);
    expect(await notifications().findByText('Access Denied')).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/api/login'), { timeout: 5000 });
    expect(noticeShownFirst).toBe(true);
    expect(timers.mock.calls.some(([, ms]) => ms === 500)).toBe(true);
    timers.mockRestore();
  });

  it('tells a visitor on the student dashboard they are logged out and sends them to /api/login', async () => {
    renderApp('/dashboard', null);
    expect(await notifications().findByText('Unauthorized')).toBeInTheDocument();
    expect(notifications().getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    // As above: the wait is generous for a busy machine; the half second itself is the timer's, not raced here.
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/api/login'), { timeout: 5000 });
  });

  it('lets an admin open the student view at /student', async () => {
    renderApp('/student', adminUser);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login', async () => {
    const { location } = renderApp('/login', studentUser);
    await waitFor(() => expect(location.history.at(-1)).toBe('/dashboard'));
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp('/no/such/page', null);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

describe('forced password change', () => {
  it('replaces every signed-in screen until the password is changed, then continues', async () => {
    let user: User & { mustChangePassword: boolean } = { ...studentUser, mustChangePassword: true };
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/user') return jsonResponse(user);
      if (url === '/api/user/password' && init?.method === 'POST') {
        user = { ...user, mustChangePassword: false };
        return jsonResponse({ message: 'Password updated' });
      }
      return jsonResponse({ message: 'Not found' }, 404);
    });
    const location = memoryLocation({ path: '/dashboard' });
    render(<App queryClient={createQueryClient()} locationHook={location.hook} />);

    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welcome back/ })).not.toBeInTheDocument();

    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Current password'), 'Temp-Password-1');
    await u.type(screen.getByLabelText('New password'), 'short');
    await u.type(screen.getByLabelText('Confirm new password'), 'different');
    await u.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/password')).toBe(false);

    await u.clear(screen.getByLabelText('New password'));
    await u.type(screen.getByLabelText('New password'), 'a-much-better-one');
    await u.clear(screen.getByLabelText('Confirm new password'));
    await u.type(screen.getByLabelText('Confirm new password'), 'a-much-better-one');
    await u.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam!' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user/password');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      currentPassword: 'Temp-Password-1',
      newPassword: 'a-much-better-one',
    });
  });

  it('shows the server message when the current password is wrong', async () => {
    mockFetch((url) =>
      url === '/api/user'
        ? jsonResponse({ ...adminUser, mustChangePassword: true })
        : jsonResponse({ message: 'Current password is incorrect' }, 400),
    );
    render(<App queryClient={createQueryClient()} locationHook={memoryLocation({ path: '/admin' }).hook} />);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Current password'), 'nope-nope');
    await u.type(screen.getByLabelText('New password'), 'new-password-1');
    await u.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await u.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(screen.getByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
  });
});
