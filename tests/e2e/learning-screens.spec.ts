import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, STUDENT, signIn } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Screenshots of the student portal at phone and desktop widths, for looking at (not compared).
// They land in .tmp/learning-screens/.

// The admin's view of the portal has every quiz open, so its screens do not change the student's progress.
const out = (name: string) => path.resolve('.tmp/learning-screens', name);

for (const width of [390, 1280]) {
  test(`student portal screens at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await signIn(page, STUDENT);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Sam!' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Continue / }).first()).toBeVisible();
    await keepShot(page, { path: out(`${width}-modules.png`), fullPage: true });

    await page
      .getByRole('button', { name: /^Continue / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: /^Start Topic/ }).first()).toBeVisible();
    await keepShot(page, { path: out(`${width}-topics.png`), fullPage: true });

    await page
      .getByRole('button', { name: /^Start Topic/ })
      .first()
      .click();
    await expect(page.getByRole('tab', { name: /Quiz/ })).toBeVisible();
    await keepShot(page, { path: out(`${width}-topic.png`), fullPage: true });

    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(page.getByText('Live Q&A: reading drainage plans').first()).toBeVisible();
    await keepShot(page, { path: out(`${width}-sessions.png`), fullPage: true });

    await page.getByRole('tab', { name: /Messages/ }).click();
    await expect(page.getByText('No conversations yet')).toBeVisible();
    await keepShot(page, { path: out(`${width}-messages.png`), fullPage: true });
  });
}

for (const width of [390, 1280]) {
  test(`presentation and quiz screens at ${width} px (admin's portal view)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await signIn(page, ADMIN);
    await expect(page).toHaveURL('/admin');
    await page.goto('/student');
    await expect(page.getByLabel('Course')).toBeVisible();
    // Other journeys add courses of their own; the demo course has a video, slides and a quiz in topic 1.
    await page.getByLabel('Course').selectOption({ label: 'Drainage Systems Fundamentals' });
    await keepShot(page, { path: out(`${width}-admin-modules.png`), fullPage: true });
    await page
      .getByRole('button', { name: /^Continue / })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^Start Topic/ })
      .first()
      .click();
    await expect(page.getByLabel(/^Video lesson:/)).toBeVisible();
    // The admin's quiz is open without watching, and the progress line does not pretend otherwise.
    await expect(page.getByRole('tab', { name: 'Quiz' })).toBeEnabled();
    await expect(page.getByTestId('topic-progress-line')).not.toHaveText('Video Complete - Quiz Unlocked');
    await page.getByRole('tab', { name: /Presentation|Slides/ }).click();
    // The PDF is drawn in the page by pdf.js (no browser plug-in), page by page.
    await expect(page.getByTestId('pdf-viewer').getByText('Page 1 of 2')).toBeVisible({ timeout: 15_000 });
    await keepShot(page, { path: out(`${width}-presentation.png`), fullPage: true });
    await page.getByRole('tab', { name: 'Quiz' }).click();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByRole('group', { name: 'Question 1 of 2' })).toBeVisible();
    await page.getByRole('group', { name: 'Question 1 of 2' }).getByRole('radio').nth(1).check();
    await keepShot(page, { path: out(`${width}-quiz.png`), fullPage: true });
    await page.getByRole('group', { name: 'Question 2 of 2' }).getByRole('radio').nth(0).check();
    await page.getByRole('button', { name: 'Submit Answers' }).click();
    await expect(page.getByRole('heading', { name: /Quiz (Passed!|Failed)/ })).toBeVisible();
    await keepShot(page, { path: out(`${width}-quiz-result.png`), fullPage: true });
  });
}

test('the portal tabs and the topic view pass axe (WCAG 2 A/AA)', async ({ page }) => {
  await signIn(page, STUDENT);
  await expect(page).toHaveURL('/dashboard');
  const check = async (what: string) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  await expect(page.getByRole('button', { name: /^Continue / }).first()).toBeVisible();
  await check('modules');
  await page
    .getByRole('button', { name: /^Continue / })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^Start Topic/ }).first()).toBeVisible();
  await check('topics');
  await page
    .getByRole('button', { name: /^Start Topic/ })
    .first()
    .click();
  await expect(page.getByLabel(/^Video lesson:/)).toBeVisible();
  await check('topic');
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByText('Live Q&A: reading drainage plans').first()).toBeVisible();
  await check('sessions');
  await page.getByRole('tab', { name: /Messages/ }).click();
  await expect(page.getByText('Conversations', { exact: true })).toBeVisible();
  await check('messages');
});
