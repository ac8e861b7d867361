import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, expect, giveConsent, test } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Discount codes (docs/product.md#discount-codes-and-team-prices): finance makes a code (through the API here), a
// buyer applies it on the purchase page and the server's price reaches the card step; the admin's Discounts tab
// lists it with its use. On a phone and on a desktop, screenshots to look at.

const SHOTS = path.resolve('test-results/discounts');
const COURSE = 'Groundworks Essentials';

async function adminContext(browser: Browser) {
  const context = await browser.newContext();
  expect((await context.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  return context;
}

async function look(page: Page, file: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${file} overflows sideways`).toBeLessThanOrEqual(0);
  await keepShot(page, { path: `${SHOTS}/${file}`, fullPage: true });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.setTimeout(90_000);

    test('a buyer applies a code; the server prices it; the admin sees its use', async ({
      page,
      browser,
    }) => {
      const admin = await adminContext(browser);
      const courses = (await (await admin.request.get('/api/courses/available')).json()) as {
        id: string;
        title: string;
      }[];
      const course = courses.find((c) => c.title === COURSE)!;
      const code = `E2E${viewport.width}${Date.now().toString(36).toUpperCase()}`;
      const created = await admin.request.post('/api/admin/discount-codes', {
        data: { code, kind: 'percent', value: 20, courseIds: [course.id], maxRedemptions: 5 },
      });
      expect(created.status(), await created.text()).toBe(201);

      await page.goto(`/courses/${course.id}/purchase`);
      await expect(page.getByRole('heading', { level: 1, name: `Enrol on ${COURSE}` })).toBeVisible({
        timeout: 20_000,
      });
      const field = page.getByLabel('Discount code');
      await field.fill('NOT-A-CODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('That discount code is not valid for this purchase.')).toBeVisible();
      await field.fill(code.toLowerCase());
      await field.press('Enter');
      await expect(page.getByTestId('discount-applied')).toContainText(`Code ${code} applied: −£159.00`);
      await expect(page.getByTestId('discounted-total')).toContainText('£636.00');

      await page.getByLabel('First name').fill('Dana');
      await page.getByLabel('Last name').fill('Price');
      await page.getByLabel('Email').fill(`discount-${code.toLowerCase()}@example.com`);
      await page.getByLabel('Phone number').fill('07700 900321');
      await page.getByLabel('Experience level').selectOption('beginner');
      await giveConsent(page);
      await look(page, `purchase-${viewport.width}.png`);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByRole('heading', { name: 'Card payment' })).toBeVisible();
      await expect(page.getByText(`(code ${code}: −£159.00)`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay £636.00' })).toBeVisible();

      const console = await admin.newPage();
      await console.goto('/admin');
      await console.getByRole('tab', { name: 'Discounts' }).click();
      const row = console.getByRole('row').filter({ hasText: code });
      await expect(row).toContainText('20% off');
      await expect(row).toContainText('1 / 5');
      await look(console, `admin-${viewport.width}.png`);
      await admin.close();
    });
  });
}
