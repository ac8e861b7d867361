import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, keepShot, signIn } from './fixtures.ts';

// The admin console, tried as a new admin would: content and quiz authoring, adding a student who then signs in,
// live sessions, and a look at every tab on a phone and on a laptop.

const RUN = Date.now().toString(36);
const SEED_MEDIA = path.resolve(import.meta.dirname, '../../src/server/db/seed-media');

// A CSS locator: while a modal dialog is open the rest of the page (the toast region too) is aria-hidden.
const notifications = (page: Page) => page.locator('[aria-label^="Notifications"]');
const toast = (page: Page, text: string) => notifications(page).getByText(text, { exact: true });

async function openTab(page: Page, name: string | RegExp) {
  await page.getByRole('tab', { name }).click();
}

/** Adds a student through the admin API (the signed-in admin's page), enrolled in the demo Drainage course. */
async function addStudent(admin: Page, firstName: string, email: string) {
  const courses = (await (await admin.request.get('/api/admin/courses')).json()) as {
    id: string;
    title: string;
  }[];
  const courseId = courses.find((c) => c.title === 'Drainage Systems Fundamentals')!.id;
  const res = await admin.request.post('/api/admin/students', {
    data: { firstName, lastName: 'Tester', email, password: 'TempPass123!', courseId },
  });
  expect(res.status()).toBe(201);
}

/** A browser for that student, signed in, with the temporary password already replaced. */
async function studentPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const login = await context.request.post('/api/login', { data: { email, password: 'TempPass123!' } });
  expect(login.status()).toBe(200);
  const change = await context.request.post('/api/user/password', {
    data: { currentPassword: 'TempPass123!', newPassword: 'Fresh-Start-456!' },
  });
  expect(change.status()).toBe(200);
  const page = await context.newPage();
  await page.goto('/dashboard');
  return { page, close: () => context.close() };
}

test('an admin builds a course, a module, a topic and a quiz, validation first', async ({ page }) => {
  test.setTimeout(90_000);
  const courseTitle = `Soakaway Design ${RUN}`;
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Students')).toBeVisible();
  await openTab(page, 'Content');

  // Create course: title and description are required.
  await page.getByRole('button', { name: 'Create Course' }).click();
  const courseDialog = page.getByRole('dialog', { name: 'Create Course' });
  await courseDialog.getByRole('button', { name: 'Create Course' }).click();
  await expect(toast(page, 'Title is required')).toBeVisible();
  await courseDialog.getByLabel('Title *').fill(courseTitle);
  await courseDialog.getByLabel('Description *').fill('Percolation tests and soakaway sizing to BRE 365.');
  await courseDialog.getByLabel('Average salary (£ per year)').fill('£31,500 a year');
  await expect(courseDialog.getByLabel('Average salary (£ per year)')).toHaveValue('31500');
  await courseDialog.getByLabel('Price (£)', { exact: true }).fill('349.00');
  await courseDialog.getByRole('button', { name: 'Create Course' }).click();
  await expect(toast(page, 'Course created successfully')).toBeVisible();

  const card = page.getByRole('listitem').filter({ hasText: courseTitle });
  await expect(card.getByText('£31,500/yr')).toBeVisible();
  await expect(card.getByText('4 weeks')).toBeVisible();
  // Edit Info opens with what was saved; a change is saved and shown.
  await card.getByRole('button', { name: 'Edit Info' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Course' });
  await expect(editDialog.getByLabel('Title *')).toHaveValue(courseTitle);
  await expect(editDialog.getByLabel('Price (£)', { exact: true })).toHaveValue('349.00');
  await expect(editDialog.getByLabel('Active (listed in the catalogue)')).toBeChecked();
  await editDialog.getByLabel('Duration (weeks)').fill('6');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Course updated successfully')).toBeVisible();
  await expect(card.getByText('6 weeks')).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Course' })).toHaveAttribute('target', '_blank');
  await card.getByRole('button', { name: 'Manage' }).click();

  // Module: HH:MM becomes minutes when the field loses focus.
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(courseTitle)).toBeVisible();
  await page.getByRole('button', { name: 'Add Module' }).click();
  const moduleDialog = page.getByRole('dialog', { name: 'Add Module' });
  await moduleDialog.getByLabel('Title *').fill('Percolation testing');
  await moduleDialog.getByLabel('Description *').fill('Digging and timing a percolation test pit.');
  await moduleDialog.getByLabel('Duration (HH:MM)').fill('01:30');
  await moduleDialog.getByLabel('Duration (HH:MM)').blur();
  await expect(moduleDialog.getByText('90 minutes')).toBeVisible();
  await moduleDialog.getByRole('button', { name: 'Add Module' }).click();
  await expect(toast(page, 'Module created successfully')).toBeVisible();
  const moduleCard = page.getByRole('listitem').filter({ hasText: 'Percolation testing' });
  await expect(moduleCard.getByText('1h 30m')).toBeVisible();
  await moduleCard.getByRole('button', { name: 'Edit' }).click();
  // Edit Module opens with the saved duration as HH:MM.
  await page.getByRole('button', { name: 'Edit Module' }).click();
  const editModule = page.getByRole('dialog', { name: 'Edit Module' });
  await expect(editModule.getByLabel('Title *')).toHaveValue('Percolation testing');
  await expect(editModule.getByLabel('Duration (HH:MM)')).toHaveValue('01:30');
  await expect(editModule.getByText('90 minutes')).toBeVisible();
  await editModule.getByRole('button', { name: 'Cancel' }).click();

  // Topic.
  await page.setViewportSize({ width: 390, height: 844 });
  await keepShot(page, { path: 'test-results/admin-screens/390-content-modules.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Add Topic' }).click();
  const topicDialog = page.getByRole('dialog', { name: 'Add Topic' });
  await topicDialog.getByLabel('Title *').fill('Digging the test pit');
  await topicDialog.getByLabel('Description *').fill('Size, depth and pre-soaking.');
  await topicDialog.getByRole('button', { name: 'Add Topic' }).click();
  await expect(toast(page, 'Topic created successfully')).toBeVisible();
  const topicCard = page.getByTestId('topic-card').filter({ hasText: 'Digging the test pit' });
  await expect(topicCard.getByText('Quiz unlocks next topic')).toBeVisible();

  // Video and PDF uploads: each control gives way to a confirmation once its file is in place.
  let chooser = page.waitForEvent('filechooser');
  await topicCard.getByRole('button', { name: 'Upload Video' }).click();
  await (await chooser).setFiles(path.join(SEED_MEDIA, 'demo-video.mp4'));
  await expect(toast(page, 'Video uploaded successfully')).toBeVisible({ timeout: 20_000 });
  await expect(topicCard.getByText('Video uploaded', { exact: true })).toBeVisible();
  await expect(topicCard.getByRole('button', { name: 'Upload Video' })).toHaveCount(0);
  chooser = page.waitForEvent('filechooser');
  await topicCard.getByRole('button', { name: 'Upload Presentation' }).click();
  await (await chooser).setFiles(path.join(SEED_MEDIA, 'demo-presentation.pdf'));
  await expect(toast(page, 'Presentation uploaded successfully')).toBeVisible({ timeout: 20_000 });
  await expect(topicCard.getByText('Presentation uploaded', { exact: true })).toBeVisible();
  await keepShot(page, { path: 'test-results/admin-screens/1280-content-topics.png', fullPage: true });

  // Quiz: the validation toasts first.
  await topicCard.getByRole('button', { name: 'Create Quiz' }).click();
  const quizDialog = page.getByRole('dialog', { name: 'Create Quiz' });
  await expect(quizDialog.getByLabel('Question 1 answer D')).toBeVisible();
  await quizDialog.getByRole('button', { name: 'Create Quiz' }).click();
  await expect(toast(page, 'Quiz title is required')).toBeVisible();
  // The toast above can re-render the dialog while a field is being filled (text once landed in the title):
  // fill, check what each field holds, and fill again if not (fill replaces a field's value).
  await expect(async () => {
    await quizDialog.getByLabel('Quiz title *').fill('Test pit check');
    await quizDialog.getByLabel('Question 1 text').fill('How long is the pit pre-soaked?');
    await quizDialog.getByLabel('Question 1 answer A').fill('Overnight');
    await expect(quizDialog.getByLabel('Quiz title *')).toHaveValue('Test pit check', { timeout: 1000 });
    await expect(quizDialog.getByLabel('Question 1 answer A')).toHaveValue('Overnight', { timeout: 1000 });
  }).toPass();
  await quizDialog.getByRole('button', { name: 'Create Quiz' }).click();
  await expect(toast(page, 'At least one valid question with correct answer is required')).toBeVisible();
  await quizDialog.getByLabel('Question 1 answer B').fill('Ten minutes');
  await quizDialog.getByLabel('Answer A is correct').first().check();
  await quizDialog.getByLabel('Passing score (%)').fill('');
  await keepShot(page, { path: 'test-results/admin-screens/1280-quiz-dialog.png' });
  await quizDialog.getByRole('button', { name: 'Create Quiz' }).click();
  await expect(toast(page, 'Quiz created successfully')).toBeVisible();
  await expect(topicCard.getByRole('button', { name: 'Edit Quiz (1)' })).toBeVisible();

  // Editing the quiz shows what was saved, passing score defaulted to 80.
  await topicCard.getByRole('button', { name: 'Edit Quiz (1)' }).click();
  const editQuiz = page.getByRole('dialog', { name: 'Edit Quiz' });
  await expect(editQuiz.getByLabel('Passing score (%)')).toHaveValue('80');
  await expect(editQuiz.getByLabel('Question 1 answer A')).toHaveValue('Overnight');
  await editQuiz.getByRole('button', { name: 'Cancel' }).click();

  // Breadcrumb back to the course list, then delete the topicless course cascade with the confirmation of docs/product.md#admin-console.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Courses' }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: courseTitle })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText(`Are you sure you want to delete the course "${courseTitle}"?`),
  ).toBeVisible();
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Course deleted successfully')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: courseTitle })).toHaveCount(0);
});

test('deleting a course with enrolled students is refused with advice to deactivate it', async ({ page }) => {
  await signIn(page, ADMIN);
  await openTab(page, 'Content');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Drainage Systems Fundamentals' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    notifications(page).getByText(
      // Other journeys enrol their own students in the demo course: the count is whatever it is by now.
      /^Failed to delete course\. This course has \d+ enrolled students? and cannot be deleted\. Deactivate it instead/,
    ),
  ).toBeVisible();
});

test('an admin adds a student (the upskill rule first), who signs in with the temporary password', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const email = `new.starter.${RUN}@example.com`;
  await signIn(page, ADMIN);
  await openTab(page, 'Students');
  await expect(page.getByRole('row').filter({ hasText: 'student@tradeskills.local' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Student' });
  await dialog.getByRole('button', { name: 'Create Student' }).click();
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
  await dialog.getByLabel('First name *').fill('Nia');
  await dialog.getByLabel('Last name *').fill('Starter');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByLabel('Temporary password *').fill('Welcome2Site!');
  await dialog.getByLabel('Course *').selectOption({ label: 'Drainage CCTV Surveying (Upskill)' });
  await dialog.getByRole('button', { name: 'Create Student' }).click();
  await expect(toast(page, 'Company and job title are required for upskill courses')).toBeVisible();
  await dialog.getByLabel('Company *').fill('Acme Drains');
  await dialog.getByLabel('Job title *').fill('Surveyor');
  await dialog.getByRole('button', { name: 'Create Student' }).click();
  await expect(toast(page, 'Student created and course assigned successfully')).toBeVisible();

  await page.getByLabel('Search students').fill('new.starter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Never')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  // The new student signs in with the temporary password and is asked to choose a new one.
  const context = await browser.newContext();
  const student = await context.newPage();
  await signIn(student, { email, password: 'Welcome2Site!' });
  // The temporary password was typed a moment ago: the forced change does not ask for it again.
  await expect(student.getByLabel('Current password')).toHaveCount(0);
  await student.getByLabel('New password', { exact: true }).fill('MyOwnPass456!');
  await student.getByLabel('Confirm new password').fill('MyOwnPass456!');
  await student.getByRole('button', { name: 'Update password' }).click();
  await expect(student).toHaveURL(/\/dashboard$/);
  // The upskill course's content is there for them.
  await expect(student.getByText('Survey Equipment').first()).toBeVisible();
  await context.close();

  // Back in the console the student now has a Last Active time, and can be deactivated.
  await page.reload();
  await openTab(page, 'Students');
  await page.getByLabel('Search students').fill('new.starter');
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Never')).toHaveCount(0);
  await page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('button', { name: /More actions/ })
    .click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Student deactivated and signed out')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Inactive')).toBeVisible();
});

test("an admin schedules a live session that shows in the student's Sessions tab", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `attendee.${RUN}@example.com`;
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await addStudent(page, 'Ada', email);
  await openTab(page, 'Live Sessions');
  await page.getByRole('button', { name: 'Schedule Session' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Session' });
  await dialog.getByLabel('Title *').fill(`Site visit ${RUN}`);
  const start = new Date(Date.now() + 2 * 24 * 3600_000);
  const local = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T10:00`;
  await dialog.getByLabel('Start *').fill(local(start));
  await dialog.getByLabel('End *').fill(local(start).replace('T10:00', 'T09:00'));
  await dialog.getByRole('button', { name: 'Schedule Session' }).click();
  await expect(toast(page, 'End time must be after the start time')).toBeVisible();
  await dialog.getByLabel('End *').fill(local(start).replace('T10:00', 'T12:00'));
  await dialog.getByLabel('Format').selectOption('in_person');
  await dialog.getByLabel('Location').fill('Unit 4, Leeds');
  await dialog.getByLabel('Search students').fill(email);
  await dialog.getByLabel('Ada Tester').check();
  await dialog.getByRole('button', { name: 'Schedule Session' }).click();
  await expect(toast(page, 'Session scheduled successfully')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: `Site visit ${RUN}` });
  await expect(card.getByText('Unit 4, Leeds')).toBeVisible();
  await expect(card.getByText('Ada Tester')).toBeVisible();
  const ics = await page.request.get(
    (await card.getByRole('link', { name: '.ics' }).getAttribute('href')) ?? '',
  );
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain(`SUMMARY:Site visit ${RUN}`);
  // Edit opens with what was saved: the times, the format and the attendee.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Session' });
  await expect(edit.getByLabel('Start *')).toHaveValue(local(start));
  await expect(edit.getByLabel('Format')).toHaveValue('in_person');
  await expect(edit.getByLabel('Location')).toHaveValue('Unit 4, Leeds');
  await expect(edit.getByText('Ada Tester').first()).toBeVisible();
  await edit.getByLabel('Location').fill('Unit 5, Leeds');
  await edit.getByRole('button', { name: 'Save Session' }).click();
  await expect(toast(page, 'Session updated successfully')).toBeVisible();
  await expect(card.getByText('Unit 5, Leeds')).toBeVisible();
  await expect(card.getByText('Ada Tester')).toBeVisible();

  const student = await studentPage(browser, email);
  await student.page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(student.page.getByText(`Site visit ${RUN}`)).toBeVisible();
  // The attendee can take the session into their own calendar.
  const addToCalendar = student.page.getByRole('link', { name: 'Add to calendar' });
  const studentCard = student.page
    .locator('div')
    .filter({ hasText: `Site visit ${RUN}` })
    .filter({ has: addToCalendar })
    .last();
  const calendar = await student.page.request.get(
    (await studentCard.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')) ?? '',
  );
  expect(calendar.status()).toBe(200);
  expect(await calendar.text()).toContain(`SUMMARY:Site visit ${RUN}`);
  await student.close();
});

test('a group message reaches two students; Message on a student opens the direct conversation', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const emails = [`group.one.${RUN}@example.com`, `group.two.${RUN}@example.com`];
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await addStudent(page, 'Gwen', emails[0]!);
  await addStudent(page, 'Hugo', emails[1]!);

  await openTab(page, /^Messages/);
  await expect(page.getByText('Select a conversation to start messaging')).toBeVisible();
  await page.getByRole('button', { name: 'Group Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Group Message' });
  await dialog.getByRole('button', { name: 'Create Conversation' }).click();
  await expect(toast(page, 'Please select at least one student')).toBeVisible();
  // The message also sits under the list, the search box points at it and has the focus.
  const search = dialog.getByLabel('Search students');
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await expect(search).toHaveAccessibleDescription('Please select at least one student');
  await expect(search).toBeFocused();
  await dialog.getByLabel('Group title (optional)').fill(`Toolbox talk ${RUN}`);
  await dialog.getByLabel('Search students').fill(`.${RUN}@`);
  await dialog.getByLabel('Gwen Tester').check();
  await dialog.getByLabel('Hugo Tester').check();
  await dialog.getByRole('button', { name: 'Create Conversation' }).click();
  await expect(toast(page, 'Conversation created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Toolbox talk ${RUN}` })).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('  Bring your PPE tomorrow.  ');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Bring your PPE tomorrow.', { exact: true })).toBeVisible();
  await expect(page.getByText('You', { exact: true }).first()).toBeVisible();

  for (const email of emails) {
    const student = await studentPage(browser, email);
    await student.page.getByRole('tab', { name: /Messages/ }).click();
    await student.page.getByRole('button', { name: new RegExp(`Toolbox talk ${RUN}`) }).click();
    await expect(
      student.page
        .getByRole('region', { name: 'Conversation', exact: true })
        .getByText('Bring your PPE tomorrow.'),
    ).toBeVisible();
    await student.close();
  }

  // Message on a student: the direct conversation opens in the Messages tab.
  await openTab(page, 'Students');
  await page.getByLabel('Search students').fill(emails[0]!);
  await page
    .getByRole('row')
    .filter({ hasText: emails[0]! })
    .getByRole('button', { name: 'Message' })
    .click();
  await expect(page.getByRole('tab', { name: /^Messages/ })).toHaveAttribute('data-state', 'active');
  await expect(page.getByRole('heading', { name: /Gwen/ })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`every tab reads well at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signIn(page, ADMIN);
    for (const tab of ['Overview', 'Students', 'Messages', 'Content', 'Analytics', 'Live Sessions']) {
      await openTab(page, tab);
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('data-state', 'active');
      await page.waitForLoadState('networkidle');
      // Nothing sticks out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${tab} overflows sideways`).toBeLessThanOrEqual(0);
      await keepShot(page, {
        path: `test-results/admin-screens/${width}-${tab.replace(' ', '-').toLowerCase()}.png`,
        fullPage: true,
      });
    }
  });
}
