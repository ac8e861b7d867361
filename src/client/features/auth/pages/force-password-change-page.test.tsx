import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithApp, studentUser } from '#client/test/render.tsx';
import { ForcePasswordChangePage } from './force-password-change-page.tsx';

// The forced change right after signing in with a temporary password: not asked again, and the server's reason
// for refusing a new password shown at the field.
const WEAK =
  'This password is on lists of common and leaked passwords. Try three random words you will remember.';

function openWith(user: Record<string, unknown>, answer: (body: Record<string, string>) => Response) {
  const fetchMock = mockFetch((url, init) =>
    url === '/api/user' ? jsonResponse(user) : answer(JSON.parse(String(init?.body))),
  );
  renderWithApp(<ForcePasswordChangePage />, { path: '/dashboard' });
  return fetchMock;
}

/** The page has the signed-in user (as it always has behind the route guard). */
async function loaded() {
  await screen.findByText(studentUser.email);
}

async function choose(password: string) {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('New password'), password);
  await u.type(screen.getByLabelText('Confirm new password'), password);
  await u.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('ForcePasswordChangePage', () => {
  it('does not ask again for the temporary password just typed, and shows a refusal at the field', async () => {
    const bodies: Record<string, string>[] = [];
    openWith({ ...studentUser, mustChangePassword: true, temporaryPasswordConfirmed: true }, (body) => {
      bodies.push(body);
      return jsonResponse({ message: WEAK, code: 'WEAK_PASSWORD' }, 400);
    });
    await loaded();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await choose('Password123!');
    const field = screen.getByLabelText('New password');
    expect(await screen.findByText(WEAK)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(WEAK);
    expect(bodies).toEqual([{ newPassword: 'Password123!' }]);
  });

  it('asks for the temporary password when the sign-in is no longer fresh', async () => {
    openWith({ ...studentUser, mustChangePassword: true, temporaryPasswordConfirmed: false }, () =>
      jsonResponse({ message: 'Password changed' }),
    );
    await loaded();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('asks for it when the server says the sign-in went stale meanwhile', async () => {
    openWith({ ...studentUser, mustChangePassword: true, temporaryPasswordConfirmed: true }, () =>
      jsonResponse({ message: 'Current password is required', code: 'CURRENT_PASSWORD_REQUIRED' }, 400),
    );
    await loaded();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await choose('Kettle-Ladder-Tulip');
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
  });
});
