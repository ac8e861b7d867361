import { type Browser, expect, type FileChooser, type Page, test } from '@playwright/test';
import { ADMIN, CONSENT, notifications, tabTo, tinyPdf } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Keyboard-only journeys (README 'Accessibility'): buying a course, taking a quiz, logging OTJ hours with
// evidence. No mouse, no .click(), no .fill(): every control is reached with Tab (tabTo checks each stop shows its
// focus and sits clear of the sticky header, WCAG 2.4.7 and 2.4.11) and used with Enter, Space, the arrow keys
// or typing. The evidence file goes in through the file picker that Enter on "Add a photo or PDF" opens.

test.use({ locale: 'en-GB' });

const RUN = Date.now().toString(36);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A browser at `width`, and one signed in as the admin for setting things up through the API. */
async function contexts(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    locale: 'en-GB',
  });
  const admin = await browser.newContext();
  expect((await admin.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  return { page: await context.newPage(), admin, close: () => Promise.all([context.close(), admin.close()]) };
}

/** A new student on the demo course, signed in on `page` with the temporary password replaced. */
async function newStudent(page: Page, admin: Awaited<ReturnType<typeof contexts>>['admin'], tag: string) {
  const courses = (await (await admin.request.get('/api/admin/courses')).json()) as { id: string }[];
  const email = `keys-${tag}@example.com`;
  const created = await admin.request.post('/api/admin/students', {
    data: {
      firstName: 'Kim',
      lastName: `Keys ${tag}`,
      email,
      password: 'TempPass123!',
      courseId: courses[0]!.id,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const login = await page.request.post('/api/login', { data: { email, password: 'TempPass123!' } });
  expect(login.status()).toBe(200);
  const change = await page.request.post('/api/user/password', {
    data: { currentPassword: 'TempPass123!', newPassword: 'Fresh-Start-456!' },
  });
  expect(change.status()).toBe(200);
  return id;
}

/** Tabs to the labelled field and types into it. */
async function typeInto(page: Page, label: string, text: string) {
  await tabTo(page, page.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) }));
  await page.keyboard.type(text);
}

for (const width of [390, 1280]) {
  test(`keyboard only: buy a course with the test card (${width} px)`, async ({ browser }) => {
    const { page, close } = await contexts(browser, width);
    const courses = (await (await page.request.get('/api/courses/available')).json()) as {
      id: string;
      title: string;
    }[];
    const course = courses.find((c) => c.title === 'Groundworks Essentials')!;
    await page.goto(`/courses/${course.id}/purchase`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1, name: /Enrol on/ })).toBeVisible();

    await typeInto(page, 'First name', 'Kay');
    await typeInto(page, 'Last name', 'Board');
    await typeInto(page, 'Email', `keys-buyer-${RUN}-${width}@example.com`);
    await typeInto(page, 'Phone number', '07700 900111');
    await tabTo(page, page.getByLabel('Experience level'));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Experience level')).not.toHaveValue('');
    const consent = page.getByRole('checkbox', { name: CONSENT });
    await tabTo(page, consent);
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Continue to Payment' }));
    await page.keyboard.press('Enter');

    // Focus moves to the payment step, not back to the top of the page.
    const heading = page.getByRole('heading', { name: 'Card payment' });
    await expect(heading).toBeFocused();
    await keepShot(page, { path: `test-results/keyboard-journeys/${width}-payment-step.png` });
    await typeInto(page, 'Card number', '4242 4242 4242 4242');
    await typeInto(page, 'Expiry (MM/YY)', '12/34');
    await typeInto(page, 'CVC', '123');
    await expect(page.getByLabel('Name on card')).toHaveValue('Kay Board');
    await tabTo(page, page.getByRole('button', { name: /^Pay £/ }));
    await page.keyboard.press('Enter');
    await expect(notifications(page).getByText('Payment Successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/purchase-success\?payment_intent=pi_test_/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    // The next step is reachable by keyboard too.
    await tabTo(page, page.getByRole('link', { name: 'Go to Student Portal' }));
    await close();
  });

  test(`keyboard only: take a quiz (${width} px)`, async ({ browser }) => {
    const { page, admin, close } = await contexts(browser, width);
    await newStudent(page, admin, `${RUN}-quiz-${width}`);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Kim!' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Continue Introduction to Drainage' }));
    await page.keyboard.press('Enter');
    const start = page.getByRole('button', { name: /^Start Topic: Foul, surface/ });
    await tabTo(page, start);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Foul, surface and combined systems' })).toBeVisible();

    // The 8-second lesson, played from the keyboard: the quiz opens once it has been watched.
    const video = page.getByLabel(/^Video lesson:/);
    await tabTo(page, video);
    await keepShot(page, { path: `test-results/keyboard-journeys/${width}-video-focus.png` });
    await page.keyboard.press('Space');
    await expect(notifications(page).getByText('Video Complete!')).toBeVisible({ timeout: 20_000 });
    const quizTab = page.getByRole('tab', { name: /^Quiz/ });
    await expect(quizTab).toHaveText('Quiz');
    await tabTo(page, page.getByRole('tab', { name: /^Video/ }), { back: true });
    while (!(await quizTab.evaluate((el) => el === document.activeElement)))
      await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(quizTab).toHaveAttribute('aria-selected', 'true');
    await tabTo(page, page.getByRole('button', { name: 'Start Quiz' }));
    await page.keyboard.press('Enter');

    // Tab lands on a question's radio group; the arrow keys choose within it.
    const answer = async (question: string, choice: RegExp) => {
      const group = page.getByRole('group', { name: question });
      await tabTo(page, group.getByRole('radio').first());
      const wanted = group.getByRole('radio', { name: choice });
      for (let i = 0; i < 6 && !(await wanted.isChecked()); i++) await page.keyboard.press('ArrowDown');
      await expect(wanted).toBeChecked();
      await expect(wanted).toBeFocused();
    };
    await answer('Question 1 of 2', /Surface/);
    await answer('Question 2 of 2', /Combined/);
    await tabTo(page, page.getByRole('button', { name: 'Submit Answers' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Quiz Passed!' })).toBeVisible();
    await expect(page.getByText('100%')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Back to Topics' }));
    await close();
  });

  test(`keyboard only: log OTJ hours with evidence (${width} px)`, async ({ browser }) => {
    const { page, admin, close } = await contexts(browser, width);
    // File pickers are caught from the start: a listener added just before the key press may not be in place
    // in the browser yet when the picker opens.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    const tag = `${RUN}-otj-${width}`;
    const id = await newStudent(page, admin, tag);
    const res = await admin.request.put(`/api/admin/students/${id}/apprenticeship`, {
      data: {
        standard: 'Plumbing and Domestic Heating Technician',
        level: 3,
        startDate: day(-400),
        endDate: day(400),
        weeklyContractedHours: 37.5,
        plannedOtjHours: 400,
        employerContact: { email: `boss-${tag}@employer.example`, firstName: 'Bella', lastName: 'Boss' },
      },
    });
    expect(res.status()).toBe(200);

    await page.goto('/dashboard');
    await tabTo(page, page.getByRole('link', { name: /Off-the-job training log/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Off-the-job training' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Log learning' });
    // A date input takes typed digits in the order the browser shows its fields (day or month first): a date
    // whose day and month are the same number reads the same either way. Last month's, e.g. 10/10 in November.
    const now = new Date();
    const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
    const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
    const mm = String(month).padStart(2, '0');
    await tabTo(page, form.getByLabel('Date'));
    await page.keyboard.type(`${mm}${mm}${year}`);
    await expect(form.getByLabel('Date')).toHaveValue(`${year}-${mm}-${mm}`);
    await tabTo(page, form.getByLabel('Hours', { exact: true }));
    await page.keyboard.type('2.5');
    await tabTo(page, form.getByLabel('Activity'));
    await page.keyboard.press('ArrowDown');
    await tabTo(page, form.getByLabel('What did you learn?'));
    await page.keyboard.type('Soldered a compression fitting on a mock-up rig');

    // Enter on the upload button opens the file picker, as it does for a keyboard user.
    await tabTo(page, form.getByRole('button', { name: 'Add a photo or PDF' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length).toBe(1);
    await choosers[0]!.setFiles(tinyPdf('job-sheet.pdf'));
    await expect(form.getByText('PDF attached.')).toBeVisible();

    const paid = form.getByLabel('This was during my paid working hours');
    await tabTo(page, paid);
    await page.keyboard.press('Space');
    await expect(paid).toBeChecked();
    await tabTo(page, form.getByRole('button', { name: 'Log entry' }));
    await page.keyboard.press('Enter');
    const logged = page.getByTestId('otj-entry').filter({ hasText: 'Soldered a compression fitting' });
    await expect(logged).toContainText('Pending');
    await expect(logged.getByRole('link', { name: 'View evidence (PDF)' })).toBeVisible();
    await close();
  });
}
