import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, signedIn } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Passwords people can't guess (README 'Passwords'): every password form shows the server's reason for refusing a
// common or leaked password at the field; the forced change right after signing in with the temporary password
// does not ask for it again. Screenshots at phone and desktop widths.

const RUN = Date.now().toString(36);
const REFUSED = 'This password is on lists of common and leaked passwords.';

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await keepShot(page, { path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function newStudent(browser: Browser, email: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signedIn(admin, ADMIN);
  const courses = (await (await admin.request.get('/api/admin/courses')).json()) as {
    id: string;
    title: string;
  }[];
  const res = await admin.request.post('/api/admin/students', {
    data: { firstName: 'Rhi', lastName: 'Tester', email, password: 'TempPass123!', courseId: courses[0]!.id },
  });
  expect(res.status()).toBe(201);
  return { admin, close: () => context.close() };
}

async function chooseNew(page: Page, password: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
}

async function expectRefusedAtField(page: Page) {
  const field = page.getByLabel('New password', { exact: true });
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(REFUSED.replace('.', '\\.')));
}

test('the forced change, the account page and the reset page refuse a leaked password at the field', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `rhi.${RUN}@example.com`;
  const { admin, close } = await newStudent(browser, email);

  // Forced change, right after signing in with the temporary password: it is not asked for again.
  await signedIn(page, { email, password: 'TempPass123!' });
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await chooseNew(page, 'Password123!');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expectRefusedAtField(page);
  await screenshots(page, 'forced-change-refused');
  await chooseNew(page, 'Kettle-Ladder-Tulip');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The account page.
  await page.goto('/account');
  await page.getByLabel('Current password').fill('Kettle-Ladder-Tulip');
  await chooseNew(page, 'Sunshine2024!');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expectRefusedAtField(page);
  await page.getByLabel('New password', { exact: true }).scrollIntoViewIfNeeded();
  await screenshots(page, 'account-password-refused');

  // The reset page, from the link in the email (the dev mailbox here).
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  let link = '';
  await expect
    .poll(async () => {
      const { emails } = (await (await admin.request.get('/api/admin/mailbox')).json()) as {
        emails: { to: string; kind: string; text: string }[];
      };
      const mail = emails.find((m) => m.to === email && m.kind === 'password_reset');
      link = /\/reset-password\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .toBeTruthy();
  await page.goto(link);
  await chooseNew(page, 'qwertyuiop123');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await expectRefusedAtField(page);
  await screenshots(page, 'reset-password-refused');
  // The link was not spent by the refusal.
  await chooseNew(page, 'Quiet-Harbour-Lamp');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await expect(page).not.toHaveURL(/reset-password/);
  await close();
});
