import { expect, test } from '@playwright/test';
import { ADMIN, tabTo } from './fixtures.ts';

// Keyboard only (README 'Accessibility'): no mouse anywhere. Every focused control must show a focus indicator and
// sit clear of the sticky header (WCAG 2.4.7, 2.4.11); the skip link comes first; the carousel can be paused; a
// dialog keeps focus inside and gives it back to the button that opened it.

for (const width of [390, 1280]) {
  test(`keyboard only: skip link, carousel pause, a dialog that traps and returns focus (${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const pause = page.getByRole('button', { name: 'Pause slideshow' });
    await tabTo(page, pause);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /Play slideshow|Resume slideshow/ })).toBeFocused();

    // An admin schedules a live session: the dialog keeps focus and gives it back.
    expect((await context.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await tabTo(page, page.getByRole('tab', { name: /^Overview/ }));
    // The arrow keys move along the tabs, one at a time as a person presses them.
    for (const name of ['Students', 'Messages', 'Content', 'Analytics', 'Live Sessions']) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toBeFocused();
    }
    const sessions = page.getByRole('tab', { name: /^Live Sessions/ });
    await page.keyboard.press('Enter');
    await expect(sessions).toHaveAttribute('aria-selected', 'true');
    const schedule = page.getByRole('button', { name: 'Schedule Session' }).first();
    await tabTo(page, schedule);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(schedule).toBeFocused();
    await context.close();
  });
}
