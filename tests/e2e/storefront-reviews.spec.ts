import type { Page } from '@playwright/test';
import { ADMIN, expect, hydrated, signedIn, test } from './fixtures.ts';
import { keepShot } from './shots.ts';

// The honest storefront (docs/product.md#reviews, #waitlist): a verified learner reviews a course and the
// server-rendered page shows the real average and count; a visitor joins a coming-soon course's waitlist and
// confirms by the emailed link; the admin sees the count. On a phone and on a desktop, screenshots to look at.

/** The demo learner who bought Groundworks Essentials and finished half of it (src/server/db/seed.ts). */
const LEARNER = { email: 'learner@tradeskills.local', password: 'StudentPass123!' };

async function look(page: Page, path: string, fullPage = false) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} overflows sideways`).toBeLessThanOrEqual(0);
  await keepShot(page, { path, fullPage });
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    // Two browsers and a full-page screenshot on a shared 2-core machine.
    test.setTimeout(90_000);

    test(`a learner reviews a course they bought; the page shows the real rating (${name})`, async ({
      page,
      request,
    }) => {
      await signedIn(page, LEARNER);
      await page.goto('/fundamental-courses');
      await page
        .getByRole('region', { name: 'Courses' })
        .getByRole('link', { name: 'Groundworks Essentials' })
        .click();
      await expect(page.getByRole('heading', { name: 'Groundworks Essentials', level: 1 })).toBeVisible();
      // The curriculum: modules and lesson titles.
      const curriculum = page.getByRole('region', { name: 'Curriculum' });
      await expect(curriculum.getByText('Site Safety and Setting Out')).toBeVisible();
      await expect(curriculum.getByText('Working near buried services')).toBeVisible();

      const reviews = page.getByRole('region', { name: 'Reviews' });
      await reviews.scrollIntoViewIfNeeded();
      const form = reviews.getByRole('form', { name: 'Your review' });
      await form
        .getByText('4 stars: Good')
        .or(form.getByLabel('4 stars: Good'))
        .first()
        .click({ force: true });
      const text = `Solid basics, the setting-out lesson was the best part (${name}).`;
      await form.getByLabel('Your review').fill(text);
      await form.getByRole('button', { name: /(Publish|Update) my review/ }).click();
      await expect(reviews.getByText('Thank you: your review is published.')).toBeVisible();
      const published = reviews.getByRole('article', { name: 'Review by Jordan R.' });
      await expect(published.getByText(text)).toBeVisible();
      await expect(published.getByText('Verified learner')).toBeVisible();
      await expect(reviews.getByTestId('course-rating')).toContainText('4.0');
      await expect(reviews.getByTestId('course-rating')).toContainText('1 review');
      await expect(reviews.getByRole('link', { name: 'Reviews policy' })).toHaveAttribute(
        'href',
        '/reviews-policy',
      );
      await look(page, `test-results/storefront-review-${name}.png`);

      // A visitor (no cookie) gets the page rendered on the server with the real average and count.
      const html = await (await request.get(page.url())).text();
      const words = html
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
      expect(words).toContain('Jordan R.');
      expect(words).toContain('Rated 4.0 out of 5 (1 review from verified learners)');
      expect(html).toContain('"aggregateRating"');
      expect(html).not.toContain('127 reviews');
      expect(html).not.toContain('250+ enrolled');
    });

    test(`a visitor joins a waitlist and confirms by email (${name})`, async ({ page, browser }) => {
      const email = `waiting-${name}@example.com`;
      await page.goto('/');
      await hydrated(page);
      const soon = page.getByRole('region', { name: 'More Courses Coming Soon' });
      await soon.scrollIntoViewIfNeeded();
      // Other journeys add coming-soon courses of their own, so take whichever the section lists first.
      const notify = soon.getByRole('button', { name: /^Notify Me: / }).first();
      const title = ((await notify.getAttribute('aria-label')) ?? '').replace(/^Notify Me: /, '');
      expect(title).not.toBe('');
      await notify.click();
      const dialog = page.getByRole('dialog', { name: `Get notified: ${title}` });
      await dialog.getByRole('button', { name: 'Email me when it opens' }).click();
      await expect(dialog.getByText('Please enter your email address')).toBeVisible();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Email me when it opens' }).click();
      await expect(dialog.getByText(/Check your email/)).toBeVisible();
      await look(page, `test-results/storefront-waitlist-${name}.png`);

      // The confirmation link from the email (the admin's mailbox lists it).
      const context = await browser.newContext({ viewport });
      const admin = await context.newPage();
      await signedIn(admin, ADMIN);
      const { emails } = (await (await admin.request.get('/api/admin/mailbox')).json()) as {
        emails: { to: string; text: string }[];
      };
      const link = /https?:\/\/\S+\/waitlist\/confirm\?token=[\w-]+/.exec(
        emails.find((m) => m.to === email)?.text ?? '',
      )?.[0];
      expect(link).toBeTruthy();
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByRole('heading', { name: `You're on the list for ${title}` })).toBeVisible();
      await look(page, `test-results/storefront-waitlist-confirmed-${name}.png`);

      // The admin sees the subscriber count per course.
      await admin.goto('/admin');
      await admin.getByRole('tab', { name: 'Storefront' }).click();
      const row = admin.getByRole('row', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
      await expect(row).toBeVisible();
      await look(admin, `test-results/storefront-admin-${name}.png`, true);
      await context.close();
    });
  });
}
