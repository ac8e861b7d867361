import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, signedIn, staffMember, test } from './fixtures.ts';
import { keepShot } from './shots.ts';

// In the loop (docs/product.md#notifications, #live-sessions): a reply reaches the student's bell without a
// reload; the student adds a course session to their calendar and says they will attend; their tutor takes the
// register from the Live Sessions tab (docs/staff.md). At phone and desktop widths, each with its own student.

const SHOTS = path.resolve('test-results/notifications');

async function newStudent(admin: Page, browser: Browser, width: number) {
  const courses = (await (await admin.request.get('/api/admin/courses')).json()) as { id: string }[];
  const email = `loop-${width}-${Date.now()}@example.com`;
  const created = await admin.request.post('/api/admin/students', {
    data: {
      firstName: 'Lola',
      lastName: `Loop ${width}`,
      email,
      password: 'TempPass123!',
      courseId: courses[0]!.id,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    locale: 'en-GB',
  });
  expect(
    (await context.request.post('/api/login', { data: { email, password: 'TempPass123!' } })).status(),
  ).toBe(200);
  const changed = await context.request.post('/api/user/password', {
    data: { currentPassword: 'TempPass123!', newPassword: 'Fresh-Start-456!' },
  });
  expect(changed.status()).toBe(200);
  return { id, courseId: courses[0]!.id, page: await context.newPage(), close: () => context.close() };
}

test.setTimeout(180_000);

test('a reply reaches the bell live; a student adds a session to the calendar and RSVPs; the register is taken', async ({
  adminPage,
  browser,
}) => {
  for (const width of [390, 1280]) {
    const student = await newStudent(adminPage, browser, width);
    const title = `Live Q&A ${width} ${Date.now() % 100000}`;
    const start = new Date(Date.now() + 2 * 86_400_000);
    const session = await adminPage.request.post('/api/admin/sessions', {
      data: {
        title,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        sessionType: 'online',
        location: 'https://meet.example.com/loop',
        courseId: student.courseId,
      },
    });
    expect(session.status()).toBe(201);

    const page = student.page;
    await page.goto('/dashboard');
    // A new browser's first page downloads the app and the dashboard's chunks: beside two other journeys on two
    // busy cores that took over 5 s once in CI (the page was still 'Loading...').
    await expect(page.getByRole('heading', { name: /Welcome back, Lola/ })).toBeVisible({ timeout: 15_000 });

    // The admin replies; the student's open page shows it in the bell without a reload.
    const conversation = await adminPage.request.post('/api/conversations', {
      data: { participantIds: [student.id] },
    });
    const { id: conversationId } = (await conversation.json()) as { id: string };
    await adminPage.request.post('/api/messages', {
      data: { conversationId, content: `See you at ${title}` },
    });
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    await bell.click();
    await expect(
      page.getByRole('list', { name: 'Notifications' }).getByText(`See you at ${title}`),
    ).toBeVisible();
    await keepShot(page, { path: path.join(SHOTS, `bell-${width}.png`) });
    await page.keyboard.press('Escape');
    // Opening the bell read what it showed; the new session's own notice may arrive just after.
    await expect(page.getByRole('button', { name: /^Notifications(, 1 unread)?$/ })).toBeVisible();

    // Sessions tab: the course-wide session, its calendar file and 'Attending?'.
    await page.getByRole('tab', { name: /Sessions/ }).click();
    const card = page.getByRole('tabpanel').getByRole('article', { name: title });
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Add to calendar' }).click();
    expect((await download).suggestedFilename()).toMatch(/^session-.*\.ics$/);
    await card.getByRole('button', { name: 'Yes' }).click();
    await expect(card.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    await card.scrollIntoViewIfNeeded();
    await keepShot(page, { path: path.join(SHOTS, `session-${width}.png`) });

    // The student's tutor takes the register: invited, given the student, signed in at this width.
    const tutor = await staffMember(adminPage.request, browser, `loop-tutor-${width}`, ['tutor']);
    const record = (await (
      await adminPage.request.get(`/api/admin/students/${student.id}/apprenticeship`)
    ).json()) as Record<string, unknown> | null;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const assigned = await adminPage.request.put(`/api/admin/students/${student.id}/apprenticeship`, {
      data: {
        standard: record?.standard ?? 'Installation Electrician',
        level: record?.level ?? 3,
        startDate: record?.startDate ?? day(-30),
        endDate: record?.endDate ?? day(400),
        weeklyContractedHours: record?.weeklyContractedHours ?? 37.5,
        plannedOtjHours: record?.plannedOtjHours ?? 400,
        tutorUserId: tutor.id,
      },
    });
    expect(assigned.ok(), await assigned.text()).toBe(true);
    const tutorContext = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      locale: 'en-GB',
    });
    const tutorPage = await tutorContext.newPage();
    await signedIn(tutorPage, tutor);
    await tutorPage.getByRole('tab', { name: 'Live Sessions' }).click();
    const tutorCard = tutorPage
      .getByRole('listitem')
      .filter({ has: tutorPage.getByRole('heading', { name: title }) });
    await expect(tutorCard.getByText('1 of your apprentices')).toBeVisible();
    await keepShot(tutorPage, { path: path.join(SHOTS, `tutor-sessions-${width}.png`), fullPage: true });
    await tutorCard.getByRole('button', { name: /Register/ }).click();
    const dialog = tutorPage.getByRole('dialog', { name: 'Register' });
    // Only the tutor's own apprentice is listed, not the course's other learners.
    await expect(dialog.getByRole('checkbox')).toHaveCount(1);
    await dialog.getByRole('checkbox', { name: new RegExp(`Lola Loop ${width}`) }).click();
    await expect(dialog.getByText('Said yes')).toBeVisible();
    await keepShot(tutorPage, { path: path.join(SHOTS, `register-${width}.png`) });
    await dialog.getByRole('button', { name: 'Save register' }).click();
    await expect(tutorPage.getByText('Register saved: 1 present', { exact: true })).toBeVisible();
    await expect(tutorCard.getByText('Register taken')).toBeVisible();
    await tutorContext.close();
    await student.close();
  }
});
