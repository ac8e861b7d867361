import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures.ts';

// The public pages a visitor browses before buying.

test('the landing page: carousel, featured course, coming soon, footer from the catalogue', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const hero = page.getByRole('region', { name: 'Highlights' });
  await expect(hero.getByRole('heading', { name: 'Learn the Fundamentals' })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Start My Career' })).toHaveAttribute('href', '/login');
  // Keyboard and buttons move between the 4 slides; the upskill slide's first button goes to /upskill-courses.
  await hero.getByRole('button', { name: 'Next slide' }).click();
  await expect(hero.getByRole('heading', { name: 'Upskill Your Team' })).toBeVisible();
  await expect(
    hero
      .getByRole('group', { name: /2 of 4/ })
      .getByRole('link')
      .first(),
  ).toHaveAttribute('href', '/upskill-courses');
  await page.keyboard.press('ArrowRight');
  await expect(hero.getByRole('heading', { name: 'About us' })).toBeVisible();
  await hero.getByRole('button', { name: 'Show slide 4: Complete Career Support' }).click();
  await expect(hero.getByRole('heading', { name: 'Complete Career Support' })).toBeVisible();

  // No fixed marketing figures in the hero (docs/product.md#public-site): only figures from data are shown.
  await expect(page.getByRole('region', { name: 'Our results' })).toHaveCount(0);
  await expect(hero.getByText('500+', { exact: true })).toHaveCount(0);

  await expect(page.getByRole('heading', { name: 'Two Training Options' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Course Details' })).toHaveAttribute(
    'href',
    /^\/courses\//,
  );
  // No fixed rating: the featured course shows its real reviews, or says it has none (docs/product.md#reviews).
  await expect(page.getByText('127 reviews')).toHaveCount(0);
  await expect(page.getByTestId('course-rating').first()).toBeVisible();
  // Coming soon: the catalogue's inactive course, with a working Notify Me (docs/product.md#waitlist).
  // (Other journeys add coming-soon courses of their own, so the section may list more than the demo's.)
  const notify = page.getByRole('button', { name: /^Notify Me/ }).first();
  await expect(notify).toBeEnabled();

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('EV Charger Installation (Coming Soon)')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Drainage Systems Fundamentals' })).toBeVisible();
});

test('the landing page honours reduced motion and passes axe', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await context.close();
});

test('listings show active courses of their type, sorted, with the support block', async ({ page }) => {
  await page.goto('/fundamental-courses');
  const grid = page.getByRole('region', { name: 'Courses' });
  // Other journeys add fundamental courses of their own (the KSB journey's, at order 0): the demo's two are listed
  // in the catalogue's order among them, and no upskill course is.
  const titles = await grid.getByRole('heading', { level: 3 }).allTextContents();
  const demo = ['Drainage Systems Fundamentals', 'Groundworks Essentials'];
  expect(titles.filter((title) => demo.includes(title))).toEqual(demo);
  expect(titles).not.toContain('Drainage CCTV Surveying');
  await expect(page.getByRole('link', { name: 'Request a Virtual Call' })).toHaveAttribute(
    'href',
    /^mailto:/,
  );

  await page.goto('/upskill-courses');
  // The inactive EV course is not listed.
  await expect(page.getByRole('region', { name: 'Courses' }).getByRole('heading', { level: 3 })).toHaveText([
    'Drainage CCTV Surveying',
  ]);
});

test('the course page: breadcrumbs, prices from the course, plan toggle, preview', async ({ page }) => {
  await page.goto('/fundamental-courses');
  await page
    .getByRole('region', { name: 'Courses' })
    .getByRole('link', { name: 'Drainage Systems Fundamentals' })
    .click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  await expect(page.getByText('Fundamental', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('6 weeks').first()).toBeVisible();
  await expect(page.getByText('£32,000/year')).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Enrol' });
  await expect(sidebar.getByText('£995.00')).toBeVisible();
  await expect(sidebar.getByText('6 payments, total £1,199.94')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', /\?plan=onetime$/);
  await hydrated(page);
  await sidebar.getByLabel('Monthly payment plan').check();
  await expect(sidebar.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', /\?plan=monthly$/);

  await page.getByRole('button', { name: 'Preview Course' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Preview: Drainage Systems Fundamentals' })).toBeVisible();
  // The first lesson's video plays for visitors (docs/product.md#public-site).
  const video = dialog.locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
});

test('the success page without a payment explains the next steps', async ({ page }) => {
  await page.goto('/purchase-success');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('email-tick')).toHaveCount(0);
  await expect(page.getByTestId('email-tick')).toBeVisible({ timeout: 4000 });
  await expect(page.getByRole('link', { name: 'Go to Student Portal' })).toHaveAttribute(
    'href',
    '/api/login',
  );
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('admins read outgoing emails in the mailbox', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@tradeskills.test');
  await page.getByLabel('Password', { exact: true }).fill('AdminPass123!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/mailbox');
  await expect(page.getByRole('heading', { name: 'Mailbox' })).toBeVisible();
});
