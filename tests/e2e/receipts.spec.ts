import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, temporaryPassword } from './fixtures.ts';
import { keepShot } from './shots.ts';

// The buyer's side (docs/product.md#checkout, #invoices-and-receipts): the success page for a new account, an
// existing account and a team order, and the receipts in Billing (a monthly plan's schedule; the VAT invoice when
// the server runs with VAT_NUMBER). Purchases go through the API with the test provider's card; screenshots at
// phone and desktop widths.

const SHOTS = 'test-results/receipts';
const NEW_PASSWORD = 'Receipt-Journey-Pass-2026';
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const consent = { immediateAccess: true, wordingVersion: '2026-11-25' };
const card = { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Lee Morgan' };

async function pay(request: APIRequestContext, path: string, data: object): Promise<string> {
  const started = await request.post(path, { data: { consent, ...data } });
  expect(started.ok(), await started.text()).toBe(true);
  const { clientSecret, paymentIntentId } = await started.json();
  expect((await request.post('/api/test-payments/confirm', { data: { clientSecret, card } })).ok()).toBe(
    true,
  );
  return paymentIntentId;
}

for (const width of [390, 1280]) {
  test(`the success page fits the purchase; Billing shows the receipts (${width}px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
    const admin = adminContext.request;
    expect((await admin.post('/api/login', { data: ADMIN })).ok()).toBe(true);
    const courses = (await (await admin.get('/api/courses/available')).json()) as {
      id: string;
      title: string;
    }[];
    const onetime = courses.find((c) => c.title === 'Groundworks Essentials')!;
    const monthly = courses.find((c) => c.id !== onetime.id)!;
    const { vatRegistered } = await (await admin.get('/api/team-orders/pricing')).json();

    // A new buyer: the account was made for them.
    const buyer = await browser.newContext({ viewport: { width, height: 900 } });
    const email = unique(`receipts${width}`);
    const studentData = {
      firstName: 'Lee',
      lastName: 'Morgan',
      email,
      phoneNumber: '07700 900999',
      experienceLevel: 'beginner',
    };
    const first = await pay(buyer.request, '/api/create-course-payment', {
      courseId: onetime.id,
      studentData,
    });
    const page = await buyer.newPage();
    await page.goto(`/purchase-success?payment_intent=${first}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText('Your student account has been created with a temporary password.'),
    ).toBeVisible();
    await expect(page.getByTestId('email-tick')).toBeVisible({ timeout: 5_000 });
    await keepShot(page, { path: `${SHOTS}/success-new-${width}.png`, fullPage: true });

    // The same buyer comes back for a monthly plan: the course is added to their account.
    const second = await pay(buyer.request, '/api/create-course-payment', {
      courseId: monthly.id,
      studentData,
      plan: 'monthly',
    });
    await page.goto(`/purchase-success?payment_intent=${second}`);
    await expect(page.getByText('The course has been added to your account.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Your student account has been created')).toHaveCount(0);
    await expect(page.getByTestId('email-tick')).toBeVisible({ timeout: 5_000 });
    await keepShot(page, { path: `${SHOTS}/success-existing-${width}.png`, fullPage: true });

    // A team order by card.
    const team = await browser.newContext({ viewport: { width, height: 900 } });
    const third = await pay(team.request, '/api/team-orders', {
      courseId: onetime.id,
      seats: 3,
      payBy: 'card',
      company: {
        name: `Receipt Works ${width} Ltd`,
        addressLine1: '4 Cable Row',
        city: 'Leeds',
        postcode: 'LS1 4AP',
      },
      buyer: {
        firstName: 'Robin',
        lastName: 'Ashby',
        email: unique(`receipt-team${width}`),
        phoneNumber: '0113 496 0000',
        jobTitle: 'Site Manager',
      },
    });
    const teamPage = await team.newPage();
    await teamPage.goto(`/purchase-success?payment_intent=${third}`);
    await expect(teamPage.getByText("Your team's seats are ready.")).toBeVisible({ timeout: 30_000 });
    await expect(teamPage.getByText('Your student account has been created')).toHaveCount(0);
    await expect(teamPage.getByRole('link', { name: 'Go to My Team' })).toHaveAttribute('href', '/team');
    await expect(teamPage.getByTestId('email-tick')).toBeVisible({ timeout: 5_000 });
    await keepShot(teamPage, { path: `${SHOTS}/success-team-${width}.png`, fullPage: true });

    // Billing: both orders, the monthly plan's schedule, and the VAT invoice when the supplier is registered.
    const password = await temporaryPassword(admin, email);
    expect((await buyer.request.post('/api/login', { data: { email, password } })).ok()).toBe(true);
    const changed = await buyer.request.post('/api/user/password', {
      data: { currentPassword: password, newPassword: NEW_PASSWORD },
    });
    expect(changed.ok()).toBe(true);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 30_000 });
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText(monthly.title)).toBeVisible();
    const schedule = billing.getByRole('list', { name: /Payment schedule for TS-/ });
    await expect(schedule.getByRole('listitem')).toHaveCount(6);
    await expect(schedule.getByText(/Paid$/)).toHaveCount(1);
    const invoices = billing.getByRole('link', { name: /VAT invoice INV-\d{6} \(PDF\)/ });
    await expect(invoices).toHaveCount(vatRegistered ? 2 : 0);
    if (vatRegistered) {
      const pdf = await buyer.request.get((await invoices.first().getAttribute('href'))!);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      fs.writeFileSync(`${SHOTS}/vat-invoice-${width}.pdf`, await pdf.body());
    }
    // The buyer's long address never widens the account page past the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepShot(page, { path: `${SHOTS}/billing-${width}.png`, fullPage: true });
    await Promise.all([buyer.close(), team.close(), adminContext.close()]);
  });
}
