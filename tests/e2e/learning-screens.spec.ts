import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

// Screenshots of the student portal at phone and desktop widths, for looking at (not compared).
// They land in .tmp/learning-screens/.

const STUDENT = { email: 'student@tradeskills.local', password: 'StudentPass123!' };
const out = (name: string) => path.resolve('.tmp/learning-screens', name);

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(STUDENT.email);
  await page.getByLabel('Password', { exact: true }).fill(STUDENT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
}

for (const width of [390, 1280]) {
  test(`student portal screens at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welcome back, Sam!' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Continue / }).first()).toBeVisible();
    await page.screenshot({ path: out(`${width}-modules.png`), fullPage: true });

    await page
      .getByRole('button', { name: /^Continue / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: /^Start Topic/ }).first()).toBeVisible();
    await page.screenshot({ path: out(`${width}-topics.png`), fullPage: true });

    await page
      .getByRole('button', { name: /^Start Topic/ })
      .first()
      .click();
    await expect(page.getByRole('tab', { name: /Quiz/ })).toBeVisible();
    await page.screenshot({ path: out(`${width}-topic.png`), fullPage: true });

    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(page.getByText('Live Q&A: reading drainage plans').first()).toBeVisible();
    await page.screenshot({ path: out(`${width}-sessions.png`), fullPage: true });

    await page.getByRole('tab', { name: /Messages/ }).click();
    await expect(page.getByText('No conversations yet')).toBeVisible();
    await page.screenshot({ path: out(`${width}-messages.png`), fullPage: true });
  });
}
