// Axe (WCAG 2.2 AA, axe.ts) on the public pages, purchase, checkout and sign-in, at phone and desktop widths.
import { test } from '@playwright/test';
import { expect, type Found, RUN, scan } from './axe.ts';
import { giveConsent } from './fixtures.ts';

for (const width of [390, 1280]) {
  test(`public pages, purchase, checkout and sign-in pass axe WCAG 2.2 AA at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const found: Found = [];

    // Visitors: public pages, purchase, checkout, sign-in.
    const visitor = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    const page = await visitor.newPage();
    const courses = (await (await page.request.get('/api/courses/available')).json()) as {
      id: string;
      isActive: boolean;
    }[];
    const course = courses.find((c) => c.isActive)!;
    for (const path of [
      '/',
      '/fundamental-courses',
      '/upskill-courses',
      `/courses/${course.id}`,
      '/accessibility',
      '/reviews-policy',
      `/courses/${course.id}/purchase`,
      `/courses/${course.id}/team`,
      '/login',
      '/forgot-password',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await scan(page, path, found);
    }
    if (width < 500) {
      await page.goto('/');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: /menu/i }).first().click();
      await scan(page, 'mobile menu', found);
    }
    // Checkout: the purchase form's details with its consent box, then the card step.
    await page.goto(`/courses/${course.id}/purchase`);
    await page.getByLabel('First name').fill('Lee');
    await page.getByLabel('Last name').fill('Morgan');
    await page.getByLabel('Email').fill(`a11y-buyer-${RUN}-${width}@example.com`);
    await page.getByLabel('Phone number').fill('07700900123');
    await page.getByLabel('Experience level').selectOption('beginner');
    await giveConsent(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Card payment' })).toBeVisible();
    await scan(page, 'purchase: card payment', found);
    // The featured course's checkout page: the consent step.
    await page.goto(`/checkout/${course.id}`);
    await expect(page.getByRole('heading', { name: 'Checkout', exact: true })).toBeVisible();
    await scan(page, 'checkout', found);
    await visitor.close();
    expect(found).toEqual([]);
  });
}
