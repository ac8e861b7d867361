import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigate } from '#client/lib/navigation.ts';
import { jsonResponse, mockFetch, renderWithApp, studentUser } from '#client/test/render.tsx';
import { RESET_REQUEST_MESSAGE } from '#shared/schemas/accounts.ts';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

vi.mock('#client/lib/navigation.ts', () => ({ hardNavigate: vi.fn(), reloadPage: vi.fn() }));

function openResetLink(search: string) {
  return renderWithApp(<ResetPasswordPage />, { path: `/reset-password${search}` });
}

async function choosePassword(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password and sign in' }));
}

beforeEach(() => {
  vi.mocked(hardNavigate).mockClear();
});

describe('ForgotPasswordPage', () => {
  it('sends the email and shows the same confirmation whatever the server knows', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: RESET_REQUEST_MESSAGE }));
    renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(RESET_REQUEST_MESSAGE);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/password-reset/request');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'sam@example.com' });
  });

  it('shows the throttling message from the server', async () => {
    mockFetch(() => jsonResponse({ message: 'Too many password reset requests. Please wait an hour.' }, 429));
    renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests');
  });
});

describe('ResetPasswordPage', () => {
  it('sends no Referer while open', () => {
    mockFetch(() => jsonResponse({}));
    const { unmount } = openResetLink('?token=abc');
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    unmount();
    expect(document.head.querySelector('meta[name="referrer"]')).toBeNull();
  });

  it('explains a link without a token and offers a new one', () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    openResetLink('');
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the password with the token and enters the app with a full page load', async () => {
    const fetchMock = mockFetch(() => jsonResponse(studentUser));
    openResetLink('?token=tok_123-abc');
    await choosePassword('Brand-New-Pass-1');
    await vi.waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'), { timeout: 5000 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/password-reset/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok_123-abc', newPassword: 'Brand-New-Pass-1' });
  });

  it('checks the two passwords match and the length before calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(studentUser));
    openResetLink('?token=abc');
    await choosePassword('short', 'short');
    expect(await screen.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    await userEvent.setup().clear(screen.getByLabelText('New password'));
    await choosePassword('Long-enough-1', 'Long-enough-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns an expired link into a clear message with a way to ask for a new one', async () => {
    mockFetch(() =>
      jsonResponse(
        { message: 'This password reset link has expired: links work for 1 hour. Ask for a new one.' },
        400,
      ),
    );
    openResetLink('?token=old');
    await choosePassword('Brand-New-Pass-1');
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(/has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});
