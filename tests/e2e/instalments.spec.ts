import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, temporaryPassword } from './fixtures.ts';
import { keepShot } from './shots.ts';

// A monthly plan bought with the built-in provider's 4000 0000 0000 0341 (pays now, declines later instalments):
// Billing's Monthly plans shows the schedule and the card ending, the buyer changes the card from Billing (README
// 'Failed instalments'), and the overdue page refuses an instalment that is not the buyer's
// (docs/product.md#failed-instalments). The failure, retries, pause and the new card being charged need the
// instalment job's clock to move a month on: instalments.test.ts and card-change.test.ts walk them.

const SHOTS = 'test-results/instalments';
const NEW_PASSWORD = 'Instalment-Journey-Pass-2026';
const consent = { immediateAccess: true, wordingVersion: '2026-11-25' };
const card = { number: '4000000000000341', expiry: '12/40', cvc: '123', name: 'Ash Patel' };

for (const width of [390, 1280]) {
  test(`a monthly plan's schedule in Billing; the buyer changes the card; the overdue page is the buyer's own (${width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const adminContext = await browser.newContext();
    const admin = adminContext.request;
    expect((await admin.post('/api/login', { data: ADMIN })).ok()).toBe(true);
    const courses = (await (await admin.get('/api/courses/available')).json()) as {
      id: string;
      title: string;
    }[];
    const course = courses.find((c) => c.title === 'Groundworks Essentials')!;

    const buyer = await browser.newContext({ viewport: { width, height: 900 } });
    const email = `planner${width}-${Date.now()}@example.com`;
    const started = await buyer.request.post('/api/create-course-payment', {
      data: {
        courseId: course.id,
        plan: 'monthly',
        consent,
        studentData: {
          firstName: 'Ash',
          lastName: 'Patel',
          email,
          phoneNumber: '07700 900888',
          experienceLevel: 'beginner',
        },
      },
    });
    expect(started.ok(), await started.text()).toBe(true);
    const { clientSecret, paymentIntentId } = await started.json();
    expect(
      (await buyer.request.post('/api/test-payments/confirm', { data: { clientSecret, card } })).ok(),
    ).toBe(true);
    expect((await buyer.request.post('/api/payment-success', { data: { paymentIntentId } })).ok()).toBe(true);
    const password = await temporaryPassword(admin, email);
    expect((await buyer.request.post('/api/login', { data: { email, password } })).ok()).toBe(true);
    expect(
      (
        await buyer.request.post('/api/user/password', {
          data: { currentPassword: password, newPassword: NEW_PASSWORD },
        })
      ).ok(),
    ).toBe(true);

    const page = await buyer.newPage();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 30_000 });
    const plans = page.getByRole('region', { name: 'Monthly plans' });
    await expect(plans.getByText('Card ending 0341')).toBeVisible();
    const schedule = plans.getByRole('list', { name: 'Schedule' });
    await expect(schedule.getByRole('listitem')).toHaveCount(6);
    await expect(schedule.getByRole('listitem').first()).toContainText('Paid');
    await expect(schedule.getByRole('listitem').nth(1)).toContainText('Due');
    await keepShot(plans, { path: `${SHOTS}/schedule-${width}.png` });

    // Change card: the same card form saves a card that pays; nothing is charged.
    await plans.getByRole('link', { name: 'Change card' }).click();
    await expect(page.getByRole('heading', { name: 'Change card' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Ending 0341')).toBeVisible();
    await expect(page.getByText('Nothing is charged now.')).toBeVisible();
    await page.getByLabel('Card number').fill('5555 5555 5555 4444');
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByLabel('CVC').fill('123');
    await keepShot(page, { path: `${SHOTS}/card-change-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save new card' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Card changed' })).toContainText('ending 4444');
    await page.getByRole('link', { name: 'Back to Billing' }).last().click();
    await expect(plans.getByText('Card ending 4444')).toBeVisible({ timeout: 30_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepShot(plans, { path: `${SHOTS}/card-changed-${width}.png` });

    // Someone else's (or no) instalment: the page says it does not exist and offers nothing to pay.
    await page.goto('/billing/overdue/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Payment overdue' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('alert')).toHaveText('Instalment not found');
    await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
    await keepShot(page, { path: `${SHOTS}/not-found-${width}.png`, fullPage: true });
    await buyer.close();
    await adminContext.close();
  });
}
