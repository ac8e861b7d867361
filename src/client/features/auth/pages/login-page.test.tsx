import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigate } from '#client/lib/navigation.ts';
import { adminUser, jsonResponse, mockFetch, renderWithApp } from '#client/test/render.tsx';
import { LoginPage } from './login-page.tsx';

vi.mock('#client/lib/navigation.ts', () => ({ hardNavigate: vi.fn(), reloadPage: vi.fn() }));

// The toast region mounts with the first toast (app/providers.tsx), so it is awaited before it is searched.
const notifications = () => ({
  findByText: async (text: string) =>
    within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text),
  getByText: (text: string) => within(screen.getByRole('region', { name: /Notifications/ })).getByText(text),
});

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  vi.mocked(hardNavigate).mockClear();
});

describe('LoginPage', () => {
  it('uses a plain text email field and a password field', () => {
    mockFetch(() => jsonResponse({}));
    renderWithApp(<LoginPage />, { path: '/login' });
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it.each([
    ['both fields empty', '', ''],
    ['password empty', 'admin@tradeskills.test', ''],
    ['email only spaces', '   ', 'secret123'],
  ])('shows the "Error" toast and does not call the server with %s', async (_case, email, password) => {
    const fetchMock = mockFetch(() => jsonResponse(adminUser));
    renderWithApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit(email, password);
    expect(await notifications().findByText('Error')).toBeInTheDocument();
    expect(notifications().getByText('Please enter both username and password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says under each empty field what is missing, marks it invalid and focuses the first one', async () => {
    mockFetch(() => jsonResponse(adminUser));
    renderWithApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit('', 'secret123');
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');

    await userEvent.setup().clear(screen.getByLabelText('Password'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password'),
    );
  });

  it('reads "Signing In..." and is disabled while the request is in flight', async () => {
    let respond: (res: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (respond = resolve)));
    renderWithApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit('admin@tradeskills.test', 'AdminPass123!');

    const busy = await screen.findByRole('button', { name: 'Signing In...' });
    expect(busy).toBeDisabled();
    respond(jsonResponse({ message: 'Invalid credentials' }, 401));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('posts the credentials as JSON and does a full-page redirect to / on success', async () => {
    const fetchMock = mockFetch(() => jsonResponse(adminUser));
    renderWithApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit(' admin@tradeskills.test ', 'AdminPass123!');

    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'admin@tradeskills.test',
      password: 'AdminPass123!',
    });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('shows "Login Failed" with the server message when the login is rejected', async () => {
    mockFetch(() => jsonResponse({ message: 'Too many attempts. Try again in 15 minutes.' }, 429));
    renderWithApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit('admin@tradeskills.test', 'nope');

    expect(await notifications().findByText('Login Failed')).toBeInTheDocument();
    expect(notifications().getByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('falls back to "Invalid credentials" when the rejection carries no message', async () => {
    mockFetch(() => new Response('<html>Unauthorized</html>', { status: 401 }));
    renderWithApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit('admin@tradeskills.test', 'wrong');

    expect(await notifications().findByText('Login Failed')).toBeInTheDocument();
    expect(notifications().getByText('Invalid credentials')).toBeInTheDocument();
  });

  it('shows "Login failed. Please try again." when the server cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit('admin@tradeskills.test', 'AdminPass123!');

    expect(await notifications().findByText('Error')).toBeInTheDocument();
    expect(notifications().getByText('Login failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
