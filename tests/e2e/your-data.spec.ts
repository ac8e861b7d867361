import type { Browser, Page } from '@playwright/test';
import { expect, hydrated, notifications, test } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Your data (README 'Your data'): a student downloads a copy of their data from the account page; an admin erases
// another student from the requests register; the privacy notice renders the retention schedule. Phone and desktop.

async function newStudent(admin: Page, tag: string) {
  const courses = (await (await admin.request.get('/api/admin/courses')).json()) as { id: string }[];
  const email = `your-data-${tag}@example.com`;
  const created = await admin.request.post('/api/admin/students', {
    data: {
      firstName: 'Morwenna',
      lastName: `Tregarthen ${tag}`,
      email,
      password: 'TempPass123!',
      courseId: courses[0]!.id,
    },
  });
  expect(created.status()).toBe(201);
  return email;
}

async function signedInContext(browser: Browser, email: string, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    locale: 'en-GB',
  });
  expect(
    (await context.request.post('/api/login', { data: { email, password: 'TempPass123!' } })).status(),
  ).toBe(200);
  const change = await context.request.post('/api/user/password', {
    data: { currentPassword: 'TempPass123!', newPassword: 'Fresh-Start-456!' },
  });
  expect(change.status()).toBe(200);
  return context;
}

for (const width of [390, 1280]) {
  test(`a student downloads their data; an admin erases another (${width} px)`, async ({
    browser,
    adminPage,
  }) => {
    test.setTimeout(90_000);
    const tag = `${width}-${Date.now()}`;
    const [downloader, leaver] = [
      await newStudent(adminPage, `a${tag}`),
      await newStudent(adminPage, `b${tag}`),
    ];

    // The student asks for their data and watches it get ready.
    const context = await signedInContext(browser, downloader, width);
    const page = await context.newPage();
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Your data' });
    await card.getByRole('button', { name: 'Download my data' }).click();
    const link = card.getByRole('link', { name: 'Download ZIP' });
    await expect(link).toBeVisible({ timeout: 20_000 });
    await card.scrollIntoViewIfNeeded();
    await keepShot(page, { path: `test-results/your-data-account-${width}.png` });
    // The link needs this session: fetched with the page's cookies, it is the ZIP.
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="tradeskills-data-/);
    const zip = await response.body();
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // Entries are stored, not deflated: README.txt is readable in the archive's bytes.
    const text = zip.toString('latin1');
    expect(text).toContain('README.txt');
    expect(text).toContain('profile.json');
    expect(text).toContain(downloader);
    await context.close();

    // Another asks to be erased; the admin carries it out from the register.
    const leaving = await signedInContext(browser, leaver, width);
    expect((await leaving.request.post('/api/account/erasure-requests')).status()).toBe(202);
    await adminPage.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await adminPage.goto('/admin/data-requests');
    const request = adminPage.getByTestId('data-request').filter({ hasText: leaver });
    await expect(request.getByText('Erasure')).toBeVisible();
    await request.getByRole('button', { name: 'Erase' }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
    await expect(notifications(adminPage).getByText('Erased', { exact: true })).toBeVisible();
    await expect(adminPage.getByTestId('data-request').filter({ hasText: leaver })).toHaveCount(0);
    await keepShot(adminPage, { path: `test-results/your-data-register-${width}.png` });
    expect((await leaving.request.get('/api/user')).status()).toBe(401);
    const again = await leaving.request.post('/api/login', {
      data: { email: leaver, password: 'Fresh-Start-456!' },
    });
    expect(again.status()).toBe(401);
    await leaving.close();

    // The privacy notice, linked from every public footer.
    const visitor = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
    await visitor.goto('/upskill-courses');
    await hydrated(visitor);
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(visitor.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
    await expect(
      visitor.getByText('6 years after the end of the tax year').filter({ visible: true }),
    ).toBeVisible();
    await keepShot(visitor, { path: `test-results/your-data-privacy-${width}.png`, fullPage: true });
    await visitor.close();
  });
}
