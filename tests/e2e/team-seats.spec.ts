import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, giveConsent } from './fixtures.ts';
import { keepShot } from './shots.ts';

// The employer journey: "Buy for my team" on a course page, pay by card with the test card, sign in as the new
// team manager with the temporary password from the admin dev mailbox, assign seats, see progress, download the
// receipt; then the admin Teams view. At phone and desktop widths, with screenshots.

const SHOTS = 'test-results/team-seats';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function mailboxPassword(page: Page, to: string): Promise<string> {
  const admin = page.context().request;
  let text = '';
  await expect
    .poll(
      async () => {
        // A separate request context keeps the admin session out of the manager's browser.
        const res = await admin.get('/api/admin/mailbox');
        if (!res.ok()) return false;
        const mail = (
          (await res.json()) as { emails: { to: string; kind: string; text: string }[] }
        ).emails.find((m) => m.to === to && m.kind === 'team_manager_credentials');
        text = mail?.text ?? '';
        return Boolean(mail);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return /Temporary password: (\S+)/.exec(text)![1]!;
}

for (const width of [390, 1280]) {
  test(`an employer buys seats by card, manages the team and downloads the receipt (${width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const adminContext = await browser.newContext();
    const login = await adminContext.request.post('/api/login', { data: ADMIN });
    expect(login.ok()).toBe(true);
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const email = uniqueEmail(`manager${width}`);
    fs.mkdirSync(SHOTS, { recursive: true });

    await page.goto('/fundamental-courses');
    await page
      .getByRole('region', { name: 'Courses' })
      .getByRole('link', { name: 'Groundworks Essentials' })
      .click();
    await page.getByRole('link', { name: 'Buy for my team' }).first().click();
    await expect(page).toHaveURL(/\/courses\/[^/]+\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buy for my team' })).toBeVisible();

    // The shared schema speaks first: errors under the fields.
    await page.getByLabel('Postcode').fill('NOT A CODE');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Please enter a valid UK postcode')).toBeVisible();
    await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();

    await page.getByLabel('Number of seats').fill('3');
    await page.getByLabel('Company name').fill('Northern Sparks Ltd');
    await page.getByLabel('Address line 1').fill('4 Cable Row');
    await page.getByLabel('Town or city').fill('Leeds');
    await page.getByLabel('Postcode').fill('ls1 4ap');
    await page.getByLabel('VAT number').fill('GB123456789');
    await page.getByLabel('Purchase order number').fill('PO-7781');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Ashby');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Phone number').fill('0113 496 0000');
    await page.getByLabel('Job title').fill('Site Manager');
    const total = '£2,385.00';
    await expect(page.getByTestId('team-total')).toHaveText(total);
    await giveConsent(page);
    await keepShot(page, { path: `${SHOTS}/purchase-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Card payment' })).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await expect(page.getByLabel('Name on card')).toHaveValue('Robin Ashby');
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(/\/purchase-success\?payment_intent=pi_test_/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 30_000 });

    const password = await mailboxPassword(await adminContext.newPage(), email);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('ManagerPass123!');
    await page.getByLabel('Confirm new password').fill('ManagerPass123!');
    await page.getByRole('button', { name: 'Update password' }).click();

    // A manager who is not a student lands on /team.
    await expect(page).toHaveURL('/team', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'My team' })).toBeVisible();
    await expect(page.getByText('0 of 3 seats assigned')).toBeVisible();

    await page.getByLabel(/Assign seats/).fill(`Jamie, Fox, jamie-${email}\nPriya, Shah, priya-${email}`);
    await page.getByRole('button', { name: 'Assign seats' }).click();
    await expect(page.getByText('2 of 3 seats assigned')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(`jamie-${email}`)).toBeVisible();
    await expect(page.getByText('0/').first()).toBeVisible();
    await keepShot(page, { path: `${SHOTS}/team-${width}.png`, fullPage: true });

    // Take one back and it frees a seat.
    await page.getByRole('button', { name: 'Take back the seat of Priya Shah' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('is emailed that their employer withdrew it');
    await keepShot(page, { path: `${SHOTS}/take-back-${width}.png`, fullPage: true });
    await confirm.getByRole('button', { name: 'Take back seat' }).click();
    await expect(page.getByText('1 of 3 seats assigned')).toBeVisible({ timeout: 10_000 });

    // Two more seats by card, paid right here; back on /team the order has five.
    await page.getByLabel('Buy more seats').fill('2');
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('button', { name: 'Buy seats' }).click();
    const topUp = page.getByTestId('top-up-card');
    await expect(topUp.getByText('Pay £1,590.00 for the extra seats')).toBeVisible();
    await topUp.getByLabel('Card number').fill('4242 4242 4242 4242');
    await topUp.getByLabel('Expiry (MM/YY)').fill('12/34');
    await topUp.getByLabel('CVC').fill('123');
    await topUp.getByLabel('Name on card').fill('Robin Ashby');
    await keepShot(page, { path: `${SHOTS}/top-up-card-${width}.png`, fullPage: true });
    await topUp.getByRole('button', { name: 'Pay £1,590.00' }).click();
    await expect(page.getByText('1 of 5 seats assigned')).toBeVisible({ timeout: 15_000 });

    // Two receipts now: the order's and the top-up's.
    await expect(page.getByRole('link', { name: 'Download receipt' })).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download receipt' }).first().click();
    const file = await (await download).path();
    const pdf = fs.readFileSync(file!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    fs.copyFileSync(file!, `${SHOTS}/receipt-${width}.pdf`);

    // The admin Teams view shows the company and the paid order.
    const admin = await adminContext.newPage();
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Teams' }).click();
    await expect(admin.getByRole('heading', { name: 'Northern Sparks Ltd' }).first()).toBeVisible();
    await keepShot(admin, { path: `${SHOTS}/admin-teams-${width}.png`, fullPage: true });

    await context.close();
    await adminContext.close();
  });
}
