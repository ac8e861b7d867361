import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN } from './fixtures.ts';

// Keyboard only (README 'Accessibility'): no mouse anywhere. Every focused control must show a focus indicator and
// sit clear of the sticky header (WCAG 2.4.7, 2.4.11); the skip link comes first; the carousel can be paused; a
// dialog keeps focus inside and gives it back to the button that opened it.

/** Presses Tab until `target` has focus, checking each stop on the way is visible and not under the header. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const problem = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
      const shadow = style.boxShadow !== 'none';
      const rect = el.getBoundingClientRect();
      const header = document.querySelector('header');
      const sticky = header && getComputedStyle(header).position === 'sticky' ? header : null;
      const covered =
        sticky && !sticky.contains(el) ? rect.bottom <= sticky.getBoundingClientRect().bottom : false;
      if (!ring && !shadow) return `no visible focus on ${el.outerHTML.slice(0, 120)}`;
      if (covered) return `focus hidden under the sticky header: ${el.outerHTML.slice(0, 120)}`;
      return null;
    });
    expect(problem).toBeNull();
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target} with Tab`);
}

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
