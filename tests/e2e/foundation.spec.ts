import { ADMIN, expect, notifications, signIn, test } from './fixtures.ts';

// The app shell's journeys: sign in and out, login validation and errors, unknown paths.

test('an admin signs in and lands on the admin dashboard', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Account settings for / })).toBeVisible();
  // The seeded admin is also called "Admin", so the badge is the first of the two.
  await expect(header.getByText('Admin', { exact: true }).first()).toBeVisible();

  // The session survives a reload, and a signed-in admin opening /login is sent back to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL('/admin');
});

test('signing out returns to the landing page', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/admin');
  await page.getByRole('button', { name: 'Log out' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: /Trade training/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal Login' })).toBeVisible();

  // The old session is gone: the admin dashboard now denies access and sends the visitor to log in.
  await page.goto('/admin');
  await expect(notifications(page).getByText('Access Denied')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('a wrong password shows "Login Failed" / "Invalid credentials"', async ({ page }) => {
  await signIn(page, { ...ADMIN, password: 'not-the-password' });
  await expect(notifications(page).getByText('Login Failed')).toBeVisible();
  await expect(notifications(page).getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('empty fields show "Error" / "Please enter both username and password"', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(notifications(page).getByText('Error', { exact: true })).toBeVisible();
  await expect(notifications(page).getByText('Please enter both username and password')).toBeVisible();

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(notifications(page).getByText('Please enter both username and password')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBeLessThan(500);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('/api/login sends visitors to the login page', async ({ page }) => {
  await page.goto('/api/login');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});
