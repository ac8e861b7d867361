import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { ADMIN, STUDENT, signIn } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Accounts journeys, tried as a new user would: a forgotten password reset through an email read from a real
// SMTP receiver on loopback, the account page, and signing out another device. They run against their own
// server (fresh embedded database, demo content) whose SMTP_URL points at that receiver, so the shared e2e
// server keeps its emails in the dev mailbox for the other journeys.

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_ACCOUNTS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 40);
const BASE_URL = `http://127.0.0.1:${PORT}`;

interface Mail {
  to: string[];
  subject: string;
  body: string;
}

interface AccountsServer {
  url: string;
  mails: Mail[];
}

/** Undoes quoted-printable soft breaks and escapes, enough to read links out of a nodemailer message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function startSmtp(mails: Mail[]): Promise<SMTPServer & { port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          body: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(server, { port });
}

async function waitForHealthy(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`accounts e2e server exited early:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`accounts e2e server did not start:\n${fs.readFileSync(logFile, 'utf8')}`);
}

const test = base.extend<object, { accounts: AccountsServer }>({
  accounts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const mails: Mail[] = [];
      const smtp = await startSmtp(mails);
      const dataDir = path.join(ROOT, '.tmp/e2e-accounts-data');
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      const logFile = path.join(ROOT, '.tmp/e2e-accounts-server.log');
      const log = fs.openSync(logFile, 'w');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        stdio: ['ignore', log, log],
        env: {
          ...process.env,
          PORT: String(PORT),
          HOST: '127.0.0.1',
          PUBLIC_URL: BASE_URL,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          SEED_DEMO: '1',
          DEMO_STUDENT_PASSWORD: STUDENT.password,
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          LOG_LEVEL: 'warn',
        },
      });
      try {
        await waitForHealthy(BASE_URL, child, logFile);
        await use({ url: BASE_URL, mails });
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        if (child.exitCode === null) child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        fs.closeSync(log);
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ accounts }, use) => use(accounts.url),
});

// Serial: the journeys share one account's state; generous time for a busy machine with three browsers open.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

async function waitForMail(accounts: AccountsServer, to: string, subject: string, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = accounts.mails.slice(after).find((m) => m.to.includes(to) && m.subject === subject);
        return Boolean(found);
      },
      { timeout: 20_000, message: `an email "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await keepShot(page, { path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function newSignedInPage(browser: Browser, baseURL: string, user: typeof ADMIN, userAgent?: string) {
  const context = await browser.newContext({ baseURL, userAgent });
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page).not.toHaveURL(/\/login$/);
  return { context, page };
}

test('a student who forgot the password resets it from the emailed link and is signed in', async ({
  page,
  accounts,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await screenshots(page, 'forgot-password');

  // A malformed address is caught before anything is sent.
  await page.getByLabel('Email').fill('student-at-example');
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  const before = accounts.mails.length;
  await page.getByLabel('Email').fill(STUDENT.email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');
  await screenshots(page, 'forgot-password-sent');

  const mail = await waitForMail(accounts, STUDENT.email, 'Reset your TradeSkills password', before);
  const link = new RegExp(`${BASE_URL}/reset-password\\?token=[\\w-]+`).exec(mail.body)?.[0];
  expect(link, mail.body).toBeTruthy();

  const response = await page.goto(link!);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await screenshots(page, 'reset-password');

  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-2026');
  await page.getByLabel('Confirm new password').fill('Brand-New-Pass-2027');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Brand-New-Pass-2026');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Account settings for / })).toBeVisible();

  const notice = await waitForMail(accounts, STUDENT.email, 'Your TradeSkills password was changed', before);
  expect(notice.body).toContain('reset with an emailed link');
  expect(notice.body).not.toContain('Brand-New-Pass-2026');

  // The link worked once: opening it again explains why and offers a new one.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('Another-Pass-2026');
  await page.getByLabel('Confirm new password').fill('Another-Pass-2026');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByText(/already been used/)).toBeVisible();
  await screenshots(page, 'reset-password-used');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');
  STUDENT.password = 'Brand-New-Pass-2026';

  // The old password no longer works.
  await page.context().clearCookies();
  await signIn(page, { email: STUDENT.email, password: 'StudentPass123!' });
  await expect(notifications(page).getByText('Login Failed')).toBeVisible();
});

test('the account page changes the name (the header shows it) and uploads an avatar', async ({ page }) => {
  await signIn(page, STUDENT);
  await expect(page).toHaveURL('/dashboard');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Account settings for / })
    .click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();

  await page.getByLabel('First name').fill('');
  await page.getByLabel('Phone number').fill('07700-900123');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Phone number can only contain digits, spaces and a leading +')).toBeVisible();

  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(notifications(page).getByText('Profile updated')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Account settings for Jordan' })).toBeVisible();
  await expect(header.getByText('JO', { exact: true })).toBeVisible();

  // Saved on the server: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Jordan');
  await expect(page.getByLabel('Phone number')).toHaveValue('+44 7700 900123');
  await screenshots(page, 'account');

  // An avatar: a real PNG drawn by the browser, sent through the media upload control.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#f97316';
    g.fillRect(0, 0, 96, 96);
    g.fillStyle = '#15233d';
    g.beginPath();
    g.arc(48, 40, 20, 0, Math.PI * 2);
    g.fill();
    g.fillRect(18, 66, 60, 30);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  const profile = page.getByRole('group', { name: 'Profile photo' });
  await expect(profile.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  await profile.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(notifications(page).getByText('Profile photo updated')).toBeVisible();
  // The header's link is named after the person, so its photo is decorative (no alt text of its own).
  const headerPhoto = header.getByRole('link', { name: 'Account settings for Jordan' }).locator('img');
  await expect(headerPhoto).toHaveAttribute('src', /^\/objects\/image\//);
  await expect
    .poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(96);
  // Kept after a reload, in the header and on the page.
  await page.reload();
  await expect(headerPhoto).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Change photo' })).toBeVisible();
  await screenshots(page, 'account-avatar');
});

test('signing out another device sends that browser to the login page on its next request', async ({
  browser,
  accounts,
}) => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const desk = await newSignedInPage(browser, accounts.url, ADMIN);
  const phone = await newSignedInPage(browser, accounts.url, ADMIN, iphone);
  await expect(phone.page).toHaveURL('/admin');

  await desk.page.goto('/account');
  const devices = desk.page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').first()).toContainText('This device');
  await expect(devices.getByRole('listitem').first()).toContainText('Chrome on Linux');
  const phoneRow = devices.getByRole('listitem').filter({ hasText: 'Safari on iPhone' });
  await expect(phoneRow).toContainText('Active now');
  await screenshots(desk.page, 'account-devices');
  await phoneRow.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(desk.page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  // The phone's next request finds its session gone and lands on the login page.
  await phone.page.reload();
  await expect(phone.page).toHaveURL('/login');
  await expect(phone.page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  // 'Sign out everywhere else' does the same for every other device at once, keeping this one.
  const second = await newSignedInPage(browser, accounts.url, ADMIN, iphone);
  await desk.page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await desk.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(notifications(desk.page).getByText('Signed out 1 other device.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await second.page.goto('/account');
  await expect(second.page).toHaveURL('/login');
  await desk.page.reload();
  await expect(desk.page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

  await Promise.all([desk.context.close(), phone.context.close(), second.context.close()]);
});
