import { expect, type Page, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { giveConsent } from './fixtures.ts';

// A new visitor buys a course and ends up signed in as a student, reading the credentials from a real SMTP
// receiver on loopback (scripts/e2e-server.mjs points SMTP_URL at it). Also: declined card, 3-D Secure, the
// upskill rule, the checkout page and unknown courses.

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 2000;
const inbox: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitForEmail(to: string) {
  await expect.poll(() => inbox.some((m) => m.to.includes(to)), { timeout: 20_000 }).toBe(true);
  return decode(inbox.find((m) => m.to.includes(to))!.raw);
}

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function fillDetails(page: Page, email: string, extra: { company?: string; jobTitle?: string } = {}) {
  await page.getByLabel('First name').fill('Lee');
  await page.getByLabel('Last name').fill('Morgan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('07700 900999');
  if (extra.company) await page.getByLabel('Company').fill(extra.company);
  if (extra.jobTitle) await page.getByLabel('Job title').fill(extra.jobTitle);
  await page.getByLabel('Experience level').selectOption('beginner');
  await giveConsent(page);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

async function openPurchase(page: Page, title: string) {
  await page.goto('/fundamental-courses');
  await page.getByRole('region', { name: 'Courses' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Enroll Now' }).first().click();
  await expect(page).toHaveURL(/\/purchase$/);
}

test('a new visitor buys a course, gets the emailed login, changes the password and reaches the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('buyer');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Fundamental Courses' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fundamental Courses' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Courses' })
    .getByRole('link', { name: 'Groundworks Essentials' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Groundworks Essentials' })).toBeVisible();
  await page.getByRole('link', { name: 'Enroll Now' }).first().click();

  // The empty form first: the toast of docs/product.md#checkout.
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(notifications(page).getByText('Missing Information')).toBeVisible();
  await expect(notifications(page).getByText('Please fill in all required fields')).toBeVisible();

  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Card payment' })).toBeVisible();
  // Back and forward keeps the details.
  await page.getByRole('button', { name: 'Back to Course Details' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByLabel('Name on card')).toHaveValue('Lee Morgan');
  await page.getByRole('button', { name: 'Pay £795.00' }).click();
  await expect(notifications(page).getByText('Payment Successful!')).toBeVisible();

  await expect(page).toHaveURL(/\/purchase-success\?payment_intent=pi_test_/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('email-tick')).toBeVisible({ timeout: 5_000 });

  const mail = await waitForEmail(email);
  expect(mail).toMatch(/Subject: .*Groundworks Essentials/);
  expect(mail).toContain(`Email: ${email}`);
  const password = /Temporary password: (\S+)/.exec(mail)![1]!;

  await page.getByRole('link', { name: 'Go to Student Portal' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('MyOwnPassword123!');
  await page.getByLabel('Confirm new password').fill('MyOwnPassword123!');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Welcome back, Lee!')).toBeVisible({ timeout: 10_000 });
});

test('a declined card shows "Payment Failed" and the processor\'s message', async ({ page }) => {
  await openPurchase(page, 'Drainage Systems Fundamentals');
  await fillDetails(page, uniqueEmail('declined'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(notifications(page).getByText('Payment Failed')).toBeVisible();
  await expect(notifications(page).getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/purchase$/);

  // Field errors for a bad number, a past expiry and a missing CVC, before anything is sent.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry (MM/YY)').fill('01/20');
  await page.getByLabel('CVC').fill('');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByText('Your card number is incorrect.')).toBeVisible();
  await expect(page.getByText("Your card's expiration date is in the past.")).toBeVisible();
  await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
});

test('3-D Secure: Complete goes to the success page, Fail reports the failure', async ({ page }) => {
  await openPurchase(page, 'Drainage Systems Fundamentals');
  const email = uniqueEmail('threeds');
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
  await expect(page.getByText('£995.00')).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/purchase-success\?payment_intent=pi_test_\w+&redirect_status=succeeded/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await waitForEmail(email);

  await openPurchase(page, 'Drainage Systems Fundamentals');
  await fillDetails(page, uniqueEmail('threeds-fail'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText(/unable to authenticate your payment method/)).toBeVisible();
});

test('an upskill course needs company and job title', async ({ page }) => {
  await page.goto('/upskill-courses');
  await page
    .getByRole('region', { name: 'Courses' })
    .getByRole('link', { name: 'Drainage CCTV Surveying' })
    .click();
  await page.getByRole('link', { name: 'Enroll Now' }).first().click();
  await fillDetails(page, uniqueEmail('upskill'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(notifications(page).getByText('Missing Information')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Card payment' })).toHaveCount(0);
  await page.getByLabel('Company').fill('Acme Drains Ltd');
  await page.getByLabel('Job title').fill('Site Supervisor');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Card payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay £1,495.00' })).toBeVisible();
});

test('the monthly plan charges the first instalment', async ({ page }) => {
  await page.goto('/fundamental-courses');
  await page
    .getByRole('region', { name: 'Courses' })
    .getByRole('link', { name: 'Drainage Systems Fundamentals' })
    .click();
  await page.getByLabel('Monthly payment plan').check();
  await page.getByRole('complementary', { name: 'Enrol' }).getByRole('link', { name: 'Enroll Now' }).click();
  await expect(page).toHaveURL(/\/purchase\?plan=monthly$/);
  await expect(page.getByText('£199.99').first()).toBeVisible();
  await fillDetails(page, uniqueEmail('monthly'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Pay £199.99' })).toBeVisible();
});

test('Purchase Now on the featured course opens the checkout page in pounds and completes a payment', async ({
  page,
}) => {
  const email = uniqueEmail('checkout');
  await page.goto('/');
  await page.getByRole('link', { name: 'Purchase Now' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  // Without the ticked box the server refuses, and says so at the box.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Please tick the box to start your course now')).toBeVisible();
  await giveConsent(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText('Drainage Systems Fundamentals')).toBeVisible();
  await expect(summary.getByText('£995.00')).toBeVisible();
  await page.getByLabel('Email (your login details are sent here)').fill(email);
  await fillCard(page, '4242424242424242');
  await page.getByLabel('Name on card').fill('Robin Hale');
  await page.getByRole('button', { name: 'Pay £995.00' }).click();
  await expect(page).toHaveURL(/\/purchase-success\?payment_intent=/, { timeout: 10_000 });
  const mail = await waitForEmail(email);
  expect(mail).toContain('Hello Robin');
});

test('unknown courses: detail, purchase and checkout say so', async ({ page }) => {
  await page.goto('/courses/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await expect(page.getByText("The course you're looking for doesn't exist")).toBeVisible();
  await page.goto('/courses/nope/purchase');
  await expect(page.getByRole('heading', { name: 'Course Not Found' })).toBeVisible();
  await expect(page.getByText("The course you're looking for doesn't exist.")).toBeVisible();
  await page.goto('/checkout/nope');
  await expect(page.getByRole('heading', { name: 'Checkout Error' })).toBeVisible();
  await expect(page.getByText('Course not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL('/');
});
