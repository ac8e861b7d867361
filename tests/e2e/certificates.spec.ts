import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN } from './fixtures.ts';
import { keepShot } from './shots.ts';

// A student finishes a course and gets its certificate: the dashboard card, the PDF, the public verification
// page (at phone and desktop widths); then an admin revokes it and the public page says so.

const SHOTS = path.resolve('test-results/certificates');
const COURSE = 'Safe Isolation Essentials';
const MODULE = 'Isolating a circuit';
const TOPIC = 'Prove, isolate, lock off';

async function adminContext(browser: Browser) {
  const context = await browser.newContext();
  const login = await context.request.post('/api/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  return context;
}

/** A one-module course whose only topic (no video, no quiz) completes when opened, and a student enrolled in it. */
async function setUp(browser: Browser, email: string) {
  const admin = await adminContext(browser);
  const post = async (url: string, data: object) => {
    const res = await admin.request.post(url, { data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: string };
  };
  const course = await post('/api/admin/courses', {
    title: COURSE,
    description: 'Safe isolation of low-voltage circuits.',
    // Inactive and last in order: the storefront and portal journeys on this server expect the demo catalogue.
    order: 999,
    isActive: false,
  });
  const mod = await post(`/api/admin/courses/${course.id}/modules`, {
    title: MODULE,
    description: 'GS38 and the safe isolation procedure.',
    duration: 90,
  });
  await post(`/api/admin/modules/${mod.id}/topics`, { title: TOPIC, description: 'Read the procedure.' });
  await post('/api/admin/students', {
    firstName: 'Ceri',
    lastName: 'Ellis-Jones',
    email,
    password: 'TempPass123!',
    courseId: course.id,
  });
  await admin.close();

  const context = await browser.newContext();
  expect(
    (await context.request.post('/api/login', { data: { email, password: 'TempPass123!' } })).status(),
  ).toBe(200);
  const change = await context.request.post('/api/user/password', {
    data: { currentPassword: 'TempPass123!', newPassword: 'Fresh-Start-456!' },
  });
  expect(change.status()).toBe(200);
  return context;
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepShot(page, { path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test('a student completes a course, downloads the certificate and anyone can verify it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const context = await setUp(browser, `ceri-${Date.now()}@example.com`);
  const page = await context.newPage();
  await page.goto('/dashboard');
  const card = page.getByRole('list', { name: 'My certificates' });
  await expect(page.getByText('Complete every topic of a course to earn its CPD certificate')).toBeVisible();

  // Finishing the only topic completes the course.
  await page.getByRole('button', { name: `Continue ${MODULE}` }).click();
  await page.getByRole('button', { name: `Start Topic: ${TOPIC}` }).click();
  await expect(page.getByRole('heading', { name: TOPIC })).toBeVisible();
  await page.goto('/dashboard');
  await expect(card.getByText(COURSE)).toBeVisible();
  await expect(card.getByText('1.5 CPD hours')).toBeVisible();
  await expect(card.getByText('Valid')).toBeVisible();
  await shoot(page, 'dashboard');

  // The PDF downloads and renders.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  const pdfPath = path.join(SHOTS, 'certificate.pdf');
  await download.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdfPath, path.join(SHOTS, 'certificate')]);

  // Share links: LinkedIn pre-filled, badge JSON, copy.
  const linkedIn = new URL((await card.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href'))!);
  expect(linkedIn.searchParams.get('name')).toContain(COURSE);
  const verifyUrl = (await card.getByRole('link', { name: 'View public page' }).getAttribute('href'))!;
  expect(linkedIn.searchParams.get('certUrl')).toBe(verifyUrl);
  const badgeHref = (await card.getByRole('link', { name: 'Download badge JSON' }).getAttribute('href'))!;
  const badge = await (await page.request.get(badgeHref)).json();
  expect(badge.type).toContain('OpenBadgeCredential');
  const verified = await page.request.post('/api/credentials/verify', { data: badge });
  expect(await verified.json()).toEqual({ verified: true, errors: [] });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy verification link' }).click();
  await expect(page.getByText('Verification link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(verifyUrl);

  // The public page, signed out: server-rendered, styled, noindex.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(verifyUrl);
  await expect(publicPage.getByRole('heading', { name: 'Ceri Ellis-Jones' })).toBeVisible();
  await expect(publicPage.getByTestId('certificate-status')).toHaveText('Valid certificate');
  await expect(publicPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(publicPage).toHaveTitle(`Ceri Ellis-Jones: ${COURSE} · TradeSkills certificate`);
  // The app's stylesheet applies (the status pill is green, not unstyled text).
  const background = await publicPage
    .getByTestId('certificate-status')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  await shoot(publicPage, 'public-valid');

  // An admin revokes it from the student's row; the page then says Revoked.
  const admin = await adminContext(browser);
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: /Students/ }).click();
  await adminPage.getByRole('button', { name: 'More actions for Ceri Ellis-Jones' }).click();
  await adminPage.getByRole('menuitem', { name: 'Certificates' }).click();
  const dialog = adminPage.getByRole('dialog');
  await expect(dialog.getByText(COURSE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel('Reason for revoking').fill('Issued to the wrong learner');
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(dialog.getByText('Revoked', { exact: true })).toBeVisible();
  await keepShot(adminPage, { path: path.join(SHOTS, 'admin-revoked-1280.png') });

  await publicPage.reload();
  await expect(publicPage.getByTestId('certificate-status')).toHaveText(/^Revoked on \d{2}\/\d{2}\/\d{4}$/);
  await expect(publicPage.getByText('Issued to the wrong learner')).toHaveCount(0);
  await shoot(publicPage, 'public-revoked');
  const after = await publicPage.request.post('/api/credentials/verify', { data: badge });
  expect((await after.json()).verified).toBe(false);

  const missing = await publicPage.request.get('/certificates/not-a-real-code');
  expect(missing.status()).toBe(404);
  await Promise.all([context.close(), visitor.close(), admin.close()]);
});
