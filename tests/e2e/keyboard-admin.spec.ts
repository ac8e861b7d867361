import { type Browser, expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, notifications, tabTo } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Keyboard only (README 'Accessibility'): an admin builds a quiz for a topic and schedules a live session for a
// course, at 390 and 1280 px. No mouse, no .click(), no .fill(): every control is reached with Tab (tabTo checks
// each stop shows its focus and sits clear of the sticky header, WCAG 2.4.7 and 2.4.11) and used with Enter,
// Space, the arrow keys or typing. The course, its module and topic, and a student on it are made through the
// API first; the storefront and portal journeys on this server expect the demo catalogue, so the course is
// inactive and last in order.

test.use({ locale: 'en-GB' });
// Screens load their data after the page; a busy CI machine may take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const RUN = Date.now().toString(36);

async function setUp(browser: Browser, width: number) {
  const admin = await browser.newContext();
  expect((await admin.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  const post = async (url: string, data: object) => {
    const res = await admin.request.post(url, { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const title = `Keyboard Wiring ${RUN} ${width}`;
  const course = await post('/api/admin/courses', {
    title,
    description: 'Consumer units, checked from the keyboard.',
    order: 999,
    isActive: false,
  });
  const mod = await post(`/api/admin/courses/${course.id}/modules`, {
    title: 'Consumer units',
    description: 'RCDs and RCBOs.',
    duration: 45,
  });
  const topic = await post(`/api/admin/modules/${mod.id}/topics`, {
    title: 'Choosing an RCBO',
    description: 'Type A or type AC.',
  });
  const surname = `Keyes${RUN}${width}`;
  await post('/api/admin/students', {
    firstName: 'Nia',
    lastName: surname,
    email: `keys-admin-${RUN}-${width}@example.com`,
    password: 'TempPass123!',
    courseId: course.id,
  });
  return { admin, title, topicId: topic.id, surname };
}

/** Tabs to the field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  if (!(await field.evaluate((el) => el === document.activeElement))) await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Presses ArrowDown on a focused native select until the option labelled `label` is chosen. */
async function chooseOption(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  for (let i = 0; i < 40; i++) {
    const chosen = await select.evaluate((el) => {
      const s = el as HTMLSelectElement;
      return s.options[s.selectedIndex]?.text ?? '';
    });
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`${label} is not an option`);
}

for (const width of [390, 1280]) {
  test(`keyboard only: an admin builds a quiz and schedules a live session (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { admin, title, topicId, surname } = await setUp(browser, width);
    const context = await browser.newContext({
      viewport: { width, height: width < 500 ? 844 : 900 },
      locale: 'en-GB',
    });
    expect((await context.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
    const page = await context.newPage();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Content: the tabs move with the arrow keys; Enter opens one.
    await tabTo(page, page.getByRole('tab', { name: /^Overview/ }));
    while (
      !(await page.getByRole('tab', { name: /^Content/ }).evaluate((el) => el === document.activeElement))
    )
      await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await chooseOption(page, page.getByLabel('Type', { exact: true }), 'Fundamental');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await tabTo(page, card.getByRole('button', { name: 'Manage' }), { max: 150 });
    await page.keyboard.press('Enter');
    const moduleRow = page.getByRole('listitem').filter({ hasText: 'Consumer units' });
    await tabTo(page, moduleRow.getByRole('button', { name: 'Edit', exact: true }));
    await page.keyboard.press('Enter');
    const topic = page.getByTestId('topic-card').filter({ hasText: 'Choosing an RCBO' });
    const createQuiz = topic.getByRole('button', { name: 'Create Quiz' });
    await tabTo(page, createQuiz);
    await page.keyboard.press('Enter');

    // The quiz editor: a title, two questions, one correct answer each, chosen with the arrow keys.
    const dialog = page.getByRole('dialog', { name: 'Create Quiz' });
    await expect(dialog).toBeVisible();
    await typeInto(page, dialog.getByLabel('Quiz title *'), 'RCBO check');
    await keepShot(page, { path: `test-results/keyboard-admin/${width}-quiz-editor.png` });
    const question = async (n: number, text: string, answers: string[], correct: number) => {
      await typeInto(page, dialog.getByRole('textbox', { name: `Question ${n} text` }), text);
      // The correct-answer radios are one group per question: Tab reaches its first, Space marks it, the arrow
      // keys move the mark. Then back to the first answer's text with Shift+Tab.
      const radios = dialog.getByRole('group', { name: new RegExp(`^Answers for question ${n};`) });
      await tabTo(page, radios.getByRole('radio').first());
      await page.keyboard.press('Space');
      for (let i = 0; i < correct; i++) await page.keyboard.press('ArrowDown');
      await expect(radios.getByRole('radio', { name: `Answer ${'ABCD'[correct]} is correct` })).toBeChecked();
      for (const [i, answer] of answers.entries()) {
        const field = dialog.getByRole('textbox', { name: `Question ${n} answer ${'ABCD'[i]}` });
        if (i === 0 && correct > 0) await tabTo(page, field, { back: true });
        await typeInto(page, field, answer);
      }
    };
    await question(1, 'Which RCBO type suits a heat pump?', ['Type AC', 'Type A', 'Type F', 'Type B'], 1);
    await tabTo(page, dialog.getByRole('button', { name: 'Add Question' }));
    await page.keyboard.press('Enter');
    await question(2, 'What trip current protects people?', ['100 mA', '300 mA', '30 mA', '500 mA'], 2);
    await tabTo(page, dialog.getByRole('button', { name: 'Create Quiz' }));
    await page.keyboard.press('Enter');
    await expect(notifications(page).getByText('Quiz created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Focus goes back to the button that opened the editor, which now edits the quiz.
    await expect(topic.getByRole('button', { name: 'Edit Quiz (2)' })).toBeFocused();
    const quiz = (await (await admin.request.get(`/api/admin/topics/${topicId}/quiz`)).json()) as {
      title: string;
      questions: { question: string; answers: { answerText: string; isCorrect: boolean }[] }[];
    };
    expect(quiz.title).toBe('RCBO check');
    expect(quiz.questions.map((q) => [q.question, q.answers.find((a) => a.isCorrect)?.answerText])).toEqual([
      ['Which RCBO type suits a heat pump?', 'Type A'],
      ['What trip current protects people?', '30 mA'],
    ]);

    // Live Sessions: back to the tabs with Shift+Tab, along with the arrow keys.
    await tabTo(page, page.getByRole('tab', { name: /^Content/ }), { back: true });
    while (
      !(await page
        .getByRole('tab', { name: /^Live Sessions/ })
        .evaluate((el) => el === document.activeElement))
    )
      await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const schedule = page.getByRole('button', { name: 'Schedule Session' }).first();
    await tabTo(page, schedule);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Schedule Session' });
    await expect(form).toBeVisible();
    const sessionTitle = `RCBO surgery ${RUN} ${width}`;
    await typeInto(page, form.getByLabel('Title *'), sessionTitle);
    await typeInto(page, form.getByLabel('Description', { exact: true }), 'Bring your test results.');
    // A date-time field takes typed digits field by field in the order the browser shows them (day and month
    // either way round: the same number), the right arrow key leaves the year, and 11 o'clock in the morning
    // reads the same on a 12- or 24-hour clock ("A" picks AM where there is such a field).
    const year = new Date().getFullYear() + 1;
    for (const [label, minutes] of [
      ['Start *', '00'],
      ['End *', '45'],
    ] as const) {
      const field = form.getByLabel(label, { exact: true });
      await tabTo(page, field);
      await page.keyboard.type(`0303${year}`);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.type(`11${minutes}A`);
      await expect(field).toHaveValue(`${year}-03-03T11:${minutes}`);
    }
    await chooseOption(page, form.getByLabel('Course (everyone enrolled is invited)'), title);
    await typeInto(page, form.getByLabel('Meeting link'), 'https://meet.example/rcbo');
    // The student picker: type to search, Tab to the student's box, Space to pick.
    await typeInto(page, form.getByRole('textbox', { name: 'Search students' }), surname);
    const pick = form.getByRole('checkbox', { name: new RegExp(surname) });
    await expect(pick).toBeVisible();
    await tabTo(page, pick);
    await page.keyboard.press('Space');
    await expect(form.getByRole('list', { name: 'Selected students' })).toContainText(surname);
    await keepShot(page, { path: `test-results/keyboard-admin/${width}-session-dialog.png` });
    await tabTo(page, form.getByRole('button', { name: 'Schedule Session' }));
    await page.keyboard.press('Enter');
    await expect(notifications(page).getByText('Session scheduled successfully')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(schedule).toBeFocused();
    const session = page.getByRole('listitem').filter({ hasText: sessionTitle });
    await expect(session).toContainText(`Everyone on the course, Nia ${surname}`);
    // The new session's own controls are reachable too.
    await tabTo(page, session.getByRole('button', { name: 'Edit', exact: true }));
    await Promise.all([context.close(), admin.close()]);
  });
}
