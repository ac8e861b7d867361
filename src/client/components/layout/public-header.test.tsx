import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithApp, studentUser } from '#client/test/render.tsx';
import { isNavLinkActive, PublicHeader } from './public-header.tsx';

function signedOut() {
  mockFetch(() => jsonResponse({ message: 'Unauthorized' }, 401));
}

describe('PublicHeader', () => {
  it('links the logo home and lists the public pages', () => {
    signedOut();
    renderWithApp(<PublicHeader />, { path: '/' });
    expect(screen.getByRole('link', { name: 'TradeSkills home' })).toHaveAttribute('href', '/');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Fundamental Courses', '/fundamental-courses'],
      ['Upskill My Team', '/upskill-courses'],
      ['About', '/#about'],
      ['Contact', '/#contact'],
    ]);
  });

  it.each([
    ['/', 'Home'],
    ['/fundamental-courses', 'Fundamental Courses'],
    ['/upskill-courses', 'Upskill My Team'],
  ])('highlights the current page at %s', (path, label) => {
    signedOut();
    renderWithApp(<PublicHeader />, { path });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const current = nav.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([label]);
  });

  it('highlights nothing on a page outside the menu', () => {
    signedOut();
    renderWithApp(<PublicHeader />, { path: '/checkout/abc' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').filter((a) => a.hasAttribute('aria-current'))).toEqual([]);
  });

  it('opens and closes the mobile menu with an accessible toggle', async () => {
    signedOut();
    const user = userEvent.setup();
    renderWithApp(<PublicHeader />, { path: '/upskill-courses' });

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('link', { name: 'Upskill My Team' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'Portal Login' })).toHaveAttribute('href', '/login');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu after following a link', async () => {
    signedOut();
    const user = userEvent.setup();
    const { location } = renderWithApp(<PublicHeader />, { path: '/' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    await user.click(within(menu).getByRole('link', { name: 'Fundamental Courses' }));
    expect(location.history.at(-1)).toBe('/fundamental-courses');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('offers Portal Login to visitors and My Dashboard to signed-in users', async () => {
    mockFetch(() => jsonResponse(studentUser));
    renderWithApp(<PublicHeader />, { path: '/fundamental-courses' });
    const dashboard = await screen.findByRole('link', { name: 'My Dashboard' });
    expect(dashboard).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Portal Login' })).not.toBeInTheDocument();
  });

  it('shows Portal Login when the user check says signed out', async () => {
    signedOut();
    renderWithApp(<PublicHeader />, { path: '/' });
    expect(await screen.findByRole('link', { name: 'Portal Login' })).toHaveAttribute('href', '/login');
  });
});

describe('isNavLinkActive', () => {
  it('treats anchors as current only on the landing page with that hash', () => {
    expect(isNavLinkActive('/#about', '/', '#about')).toBe(true);
    expect(isNavLinkActive('/', '/', '#about')).toBe(false);
    expect(isNavLinkActive('/#about', '/fundamental-courses', '#about')).toBe(false);
    expect(isNavLinkActive('/', '/', '')).toBe(true);
    expect(isNavLinkActive('/', '/', '#hero')).toBe(true);
  });
});
