import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, notifications, STUDENT, signIn, test } from './fixtures.ts';
import { keepShot } from './shots.ts';

// The learning portal as a new student meets it: sign in, open the first module and topic, watch the video to
// the end (the server decides it ended), fail and pass the quiz, see the next topic open; resume a video after a
// reload; message an instructor whose open page shows the message without a reload.

/** Plays the lesson (muted, as autoplay rules require without a click on the element itself). */
async function play(video: Locator) {
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
}

const currentTime = (video: Locator) => video.evaluate((el: HTMLVideoElement) => el.currentTime);

test('a student watches a lesson to the end, fails and passes the quiz, and the next topic opens', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, STUDENT);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam!' })).toBeVisible();
  await expect(page.getByText('Modules Completed')).toBeVisible();
  await expect(page.getByText('Next 7 days')).toBeVisible();

  // Only the first module is open.
  await expect(page.getByRole('button', { name: 'Pipe Laying and Gradients is locked' })).toBeDisabled();
  await page.getByRole('button', { name: 'Continue Introduction to Drainage' }).click();
  await expect(page.getByRole('button', { name: 'Reading a drainage plan is locked' })).toBeDisabled();
  await page.getByRole('button', { name: /^Start Topic: Foul, surface/ }).click();

  await expect(page.getByRole('heading', { name: 'Foul, surface and combined systems' })).toBeVisible();
  await expect(page.getByTestId('topic-progress-line')).toHaveText('In Progress');
  const quizTab = page.getByRole('tab', { name: /Quiz/ });
  await expect(quizTab).toHaveText('Quiz (Locked)');
  await expect(quizTab).toBeDisabled();

  // Play a few seconds, reload mid-video: playback resumes where it stopped.
  const video = page.getByLabel(/^Video lesson:/);
  await expect(video).toBeVisible();
  await play(video);
  await expect.poll(() => currentTime(video), { timeout: 10_000 }).toBeGreaterThan(3);
  await page.reload();
  const resumed = page.getByLabel(/^Video lesson:/);
  await expect.poll(() => currentTime(resumed), { timeout: 10_000 }).toBeGreaterThan(2);

  // Watch to the end: the server accepts "ended" and the quiz unlocks.
  await play(resumed);
  await expect(notifications(page).getByText('Video Complete!')).toBeVisible({ timeout: 20_000 });
  await expect(
    notifications(page).getByText('Great job! You can now access the quiz and review the presentation.'),
  ).toBeVisible();
  await expect(page.getByTestId('topic-progress-line')).toHaveText('Video Complete - Quiz Unlocked');
  await expect(quizTab).toHaveText('Quiz');
  await quizTab.click();

  // A failing attempt, then a retry that passes.
  await page.getByRole('button', { name: 'Start Quiz' }).click();
  await expect(notifications(page).getByText('Quiz Started')).toBeVisible();
  await page.getByRole('group', { name: 'Question 1 of 2' }).getByLabel(/Foul/).check();
  await page
    .getByRole('group', { name: 'Question 2 of 2' })
    .getByLabel(/Surface/)
    .check();
  await page.getByRole('button', { name: 'Submit Answers' }).click();
  await expect(page.getByRole('heading', { name: 'Quiz Failed' })).toBeVisible();
  await expect(page.getByText('0%', { exact: false }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Retry Quiz' }).click();
  await page
    .getByRole('group', { name: 'Question 1 of 2' })
    .getByLabel(/Surface/)
    .check();
  await page
    .getByRole('group', { name: 'Question 2 of 2' })
    .getByLabel(/Combined/)
    .check();
  await page.getByRole('button', { name: 'Submit Answers' }).click();
  await expect(page.getByRole('heading', { name: 'Quiz Passed!' })).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();

  // The next topic is open; the module is In Progress.
  await page.getByRole('button', { name: 'Back to Topics' }).click();
  await expect(page.getByRole('button', { name: /^Start Topic: Reading a drainage plan/ })).toBeEnabled();
  await page.getByRole('button', { name: 'Back to Modules' }).click();
  const firstModule = page.getByRole('listitem').filter({ hasText: 'Introduction to Drainage' }).first();
  await expect(firstModule.getByText('In Progress')).toBeVisible();
  await expect(firstModule.getByText('1/2 topics')).toBeVisible();
});

test('signed out, the dashboard says so and sends the visitor to sign in', async ({ page }) => {
  // The toast shows for half a second before a full-page redirect, often before the page has finished loading,
  // so the page itself keeps every text the notifications region showed in session storage, which outlives the
  // redirect within the tab (a message sent to the test at that moment can be lost with the page).
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const region = document.querySelector('[role="region"][aria-label^="Notifications"]');
      const text = region?.textContent ?? '';
      if (!text) return;
      const seen = JSON.parse(sessionStorage.getItem('toasts-seen') ?? '[]') as string[];
      if (!seen.includes(text)) sessionStorage.setItem('toasts-seen', JSON.stringify([...seen, text]));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  const seen = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('toasts-seen') ?? '[]') as string[],
  );
  expect(seen.some((text) => text.includes('Unauthorized') && text.includes('You are logged out'))).toBe(
    true,
  );
});

test('a student’s message appears on an admin’s open page without a reload', async ({ page, adminPage }) => {
  // The admin has the portal's Messages tab open before anything is sent.
  await adminPage.goto('/student?tab=messages');
  // Other journeys on this server may have left the admin conversations of their own.
  await expect(adminPage.getByText('Select a conversation to start messaging')).toBeVisible();

  await signIn(page, STUDENT);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('tab', { name: /Messages/ }).click();
  await expect(page.getByText('Select a conversation to start messaging')).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByRole('button', { name: 'Start Conversation' }).click();

  const input = page.getByLabel('Message', { exact: true });
  const send = page.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.fill('  When is the practical day?  ');
  await send.click();
  await expect(input).toHaveValue('');
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText('When is the practical day?')).toBeVisible();
  await expect(thread.getByText('You', { exact: true })).toBeVisible();

  // Pushed to the admin's page: the conversation appears with an unread count, and the bell shows it.
  const conversation = adminPage.getByRole('button', { name: /Sam Carter/ });
  await expect(conversation).toBeVisible({ timeout: 2000 });
  await expect(adminPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await conversation.click();
  const adminThread = adminPage.getByRole('list', { name: 'Messages' });
  await expect(adminThread.getByText('When is the practical day?')).toBeVisible();
  await expect(adminThread.getByText('Sam', { exact: true })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // With the thread open, the next message shows up in it within 2 seconds.
  await input.fill('And what should I bring?');
  await send.click();
  await expect(adminThread.getByText('And what should I bring?')).toBeVisible({ timeout: 2000 });

  // The admin answers; the student sees it live too.
  await adminPage.getByLabel('Message', { exact: true }).fill('Boots and gloves. See you Thursday!');
  await adminPage.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByText('Boots and gloves. See you Thursday!')).toBeVisible({ timeout: 2000 });

  // Screens to look at (not compared): the open thread at desktop and phone widths.
  await keepShot(page, { path: path.resolve('.tmp/learning-screens/1280-messages-thread.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(thread.getByText('Boots and gloves. See you Thursday!')).toBeVisible();
  await keepShot(page, {
    path: path.resolve('.tmp/learning-screens/390-messages-thread.png'),
    fullPage: true,
  });
});
