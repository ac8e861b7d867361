import { expect, type Page, test } from '@playwright/test';
import { ADMIN } from './fixtures.ts';
import { keepShot } from './shots.ts';

// The shared e2e server's SMTP_URL points at a loopback port where nothing listens (scripts/e2e-server.mjs), so
// every email it sends fails: the admin sees the backlog on the overview, the last error in the mailbox, and can
// ask for an email to be sent now.

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await keepShot(page, { path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('an admin sees undelivered mail with its last error and sends it again', async ({ page }) => {
  // A password reset for the demo student queues an email that the unreachable relay refuses.
  const reset = await page.request.post('/api/password-reset/request', {
    data: { email: 'student@tradeskills.local' },
  });
  expect(reset.status()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByTestId('mail-backlog')).toContainText(/not delivered yet; the oldest has waited/);
  await screenshots(page, 'admin-overview-mail-backlog');

  await page.goto('/admin/mailbox');
  const item = page
    .getByRole('listitem')
    .filter({ hasText: 'student@tradeskills.local' })
    .filter({ hasText: 'Reset your TradeSkills password' })
    .first();
  // The mailbox shows what the outbox held when it loaded; on a busy machine the first delivery attempt may
  // not have failed yet, so look again until it has.
  await expect(async () => {
    await page.reload();
    await expect(item.getByText('Pending')).toBeVisible();
    await item.locator('summary').click();
    await expect(item.getByText(/Last error \(attempt \d+\): .*ECONNREFUSED/)).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await screenshots(page, 'admin-mailbox-failed');
  await item.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Email queued to send now', { exact: true })).toBeVisible();
});
