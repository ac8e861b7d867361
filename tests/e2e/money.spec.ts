import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, notifications, temporaryPassword } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Money going back (docs/product.md#refunds-cancellations-and-credit-notes): a buyer cancels within 14 days from
// Billing on their account page, and finance refunds half a team order from Payments. Purchases are made through
// the API with the built-in test provider's card; at phone and desktop widths, with screenshots.

const SHOTS = 'test-results/money';
const NEW_PASSWORD = 'Refund-Journey-Pass-2026';
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const consent = { immediateAccess: true, wordingVersion: '2026-11-25' };
const card = { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Lee Morgan' };

async function pay(request: APIRequestContext, started: { clientSecret: string; paymentIntentId: string }) {
  expect(
    (
      await request.post('/api/test-payments/confirm', { data: { clientSecret: started.clientSecret, card } })
    ).ok(),
  ).toBe(true);
  expect(
    (await request.post('/api/payment-success', { data: { paymentIntentId: started.paymentIntentId } })).ok(),
  ).toBe(true);
}

for (const width of [390, 1280]) {
  test(`a buyer cancels within 14 days; finance refunds half a team order (${width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
    const admin = adminContext.request;
    expect((await admin.post('/api/login', { data: ADMIN })).ok()).toBe(true);
    const courses = (await (await admin.get('/api/courses/available')).json()) as {
      id: string;
      title: string;
    }[];
    const course = courses.find((c) => c.title === 'Groundworks Essentials')!;

    // A buyer pays for a course and signs in.
    const buyer = await browser.newContext({ viewport: { width, height: 900 } });
    const email = unique(`canceller${width}`);
    const started = await buyer.request.post('/api/create-course-payment', {
      data: {
        courseId: course.id,
        consent,
        studentData: {
          firstName: 'Lee',
          lastName: 'Morgan',
          email,
          phoneNumber: '07700 900999',
          experienceLevel: 'beginner',
        },
      },
    });
    expect(started.ok(), await started.text()).toBe(true);
    await pay(buyer.request, await started.json());
    const password = await temporaryPassword(admin, email);
    expect((await buyer.request.post('/api/login', { data: { email, password } })).ok()).toBe(true);
    expect(
      (
        await buyer.request.post('/api/user/password', {
          data: { currentPassword: password, newPassword: NEW_PASSWORD },
        })
      ).ok(),
    ).toBe(true);

    // Billing on the account page: Cancel, then confirm (two clicks).
    const page = await buyer.newPage();
    await page.goto('/account');
    // A busy machine takes a while to load the portal's chunks.
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 30_000 });
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText('Groundworks Essentials')).toBeVisible();
    await expect(billing.getByText(/You can cancel until/)).toBeVisible();
    await keepShot(page, { path: `${SHOTS}/billing-${width}.png`, fullPage: true });
    await billing.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(notifications(page).getByText('Order cancelled')).toBeVisible();
    await expect(billing.getByText('Refunded', { exact: true })).toBeVisible();
    // Billing offers the refund's document: a credit note when the server is VAT registered, else a refund receipt,
    // which only its buyer (finance and admins aside) can download.
    const { vatRegistered } = await (await admin.get('/api/team-orders/pricing')).json();
    const document = billing.getByRole('link', {
      name: vatRegistered ? /^Credit note CN-\d{6} \(PDF\)$/ : /^Refund receipt, £[\d,.]+ \(PDF\)$/,
    });
    await expect(document).toBeVisible();
    const href = (await document.getAttribute('href'))!;
    const file = await buyer.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    const signedOut = await browser.newContext();
    expect((await signedOut.request.get(href)).status()).toBe(401);
    await signedOut.close();
    await keepShot(page, { path: `${SHOTS}/cancelled-${width}.png`, fullPage: true });

    // A team order of 4 seats by card; finance refunds half of it (two unassigned seats).
    const manager = unique(`team${width}`);
    const order = await admin.post('/api/team-orders', {
      data: {
        courseId: course.id,
        seats: 4,
        payBy: 'card',
        consent,
        company: {
          name: `Refund Works ${width} Ltd`,
          addressLine1: '4 Cable Row',
          city: 'Leeds',
          postcode: 'LS1 4AP',
        },
        buyer: {
          firstName: 'Robin',
          lastName: 'Ashby',
          email: manager,
          phoneNumber: '0113 496 0000',
          jobTitle: 'Site Manager',
        },
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    const placed = (await order.json()) as {
      clientSecret: string;
      paymentIntentId: string;
      amountPence: number;
    };
    await pay(admin, placed);

    const consolePage = await adminContext.newPage();
    await consolePage.goto('/admin');
    await expect(consolePage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
      timeout: 30_000,
    });
    await consolePage.getByRole('tab', { name: 'Payments' }).click();
    const row = consolePage.getByRole('listitem').filter({ hasText: manager });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = consolePage.getByRole('dialog');
    await dialog.getByLabel('Amount (£)').fill((placed.amountPence / 200).toFixed(2));
    await dialog.getByLabel('Reason').fill('Two of the team left');
    await keepShot(consolePage, { path: `${SHOTS}/refund-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(notifications(consolePage).getByText(/credit note CN-\d{6}/)).toBeVisible();
    await expect(row.getByText('Partly refunded')).toBeVisible();
    await keepShot(consolePage, { path: `${SHOTS}/payments-${width}.png`, fullPage: true });
    await buyer.close();
    await adminContext.close();
  });
}
