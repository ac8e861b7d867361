import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, giveConsent, STUDENT } from './fixtures.ts';
import { reflowProblems } from './reflow.ts';

// WCAG 2.2 AA on every screen and dialog (README 'Accessibility'): axe with the WCAG 2.0, 2.1 and 2.2 A/AA tags,
// at phone and desktop widths. One signed-in context per role; screens are visited in a loop and every finding
// is collected, so one run lists them all. No rule is turned off.

// Screens load their data after the page; a busy CI machine may take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const RUN = Date.now().toString(36);

type Found = string[];

/** Runs axe on the page; findings are collected (and appended to the file AXE_LOG names, to follow a run). */
async function scan(page: Page, what: string, found: Found, include?: string) {
  if (process.env.AXE_LOG) appendFileSync(process.env.AXE_LOG, `scan ${what}\n`);
  // A screen is scanned once it has loaded: a loader fades in, and a half-faded label reads as low contrast.
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const lines = results.violations.map(
    (v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  lines.push(...(await unjudgedTargets(page, what, results.incomplete)));
  // The phone pass also narrows each screen to 320 px, without reloading it (reflow.ts).
  if ((page.viewportSize()?.width ?? 0) < 500) lines.push(...(await reflowProblems(page, what)));
  for (const line of lines) {
    if (process.env.AXE_LOG) appendFileSync(process.env.AXE_LOG, `${line}\n`);
    found.push(line);
  }
}

/**
 * Targets axe's target-size rule (WCAG 2.5.8, tag wcag22aa) could not judge, e.g. one partly covered by another
 * element: each must then be at least 24 × 24 px itself.
 */
async function unjudgedTargets(
  page: Page,
  what: string,
  incomplete: { id: string; nodes: { target: unknown[] }[] }[],
) {
  const selectors = incomplete
    .filter((r) => r.id === 'target-size')
    .flatMap((r) => r.nodes.map((n) => n.target.join(' ')));
  const small = await page.evaluate(
    (list) =>
      list.filter((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return !box || box.width < 24 || box.height < 24;
      }),
    selectors,
  );
  return small.map(
    (selector) => `${what}: target-size (not judged by axe, smaller than 24 × 24 px) ${selector}`,
  );
}

/** Opens a dialog with `open`, scans it, and closes it with Escape. */
async function scanDialog(page: Page, what: string, found: Found, open: Locator) {
  await open.click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
  await expect(dialog).toBeVisible();
  await scan(page, `${what} (dialog)`, found);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function signedInContext(browser: Browser, width: number, who: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  expect((await context.request.post('/api/login', { data: who })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** A new student (through the admin API), signed in with the temporary password replaced. */
async function newStudent(browser: Browser, admin: Page, width: number, tag: string) {
  const courses = (await (await admin.request.get('/api/admin/courses')).json()) as { id: string }[];
  const email = `a11y-${tag}-${RUN}-${width}@example.com`;
  const created = await admin.request.post('/api/admin/students', {
    data: { firstName: 'Priya', lastName: 'Shah', email, password: 'TempPass123!', courseId: courses[0]!.id },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  await context.request.post('/api/login', { data: { email, password: 'TempPass123!' } });
  const changed = await context.request.post('/api/user/password', {
    data: { currentPassword: 'TempPass123!', newPassword: 'Fresh-Start-456!' },
  });
  expect(changed.status()).toBe(200);
  return { id, email, context, page: await context.newPage() };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const width of [390, 1280]) {
  test(`public pages, purchase, checkout and sign-in pass axe WCAG 2.2 AA at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const found: Found = [];

    // Visitors: public pages, purchase, checkout, sign-in.
    const visitor = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    const page = await visitor.newPage();
    const courses = (await (await page.request.get('/api/courses/available')).json()) as {
      id: string;
      isActive: boolean;
    }[];
    const course = courses.find((c) => c.isActive)!;
    for (const path of [
      '/',
      '/fundamental-courses',
      '/upskill-courses',
      `/courses/${course.id}`,
      '/accessibility',
      '/reviews-policy',
      `/courses/${course.id}/purchase`,
      `/courses/${course.id}/team`,
      '/login',
      '/forgot-password',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await scan(page, path, found);
    }
    if (width < 500) {
      await page.goto('/');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: /menu/i }).first().click();
      await scan(page, 'mobile menu', found);
    }
    // Checkout: the purchase form's details with its consent box, then the card step.
    await page.goto(`/courses/${course.id}/purchase`);
    await page.getByLabel('First name').fill('Lee');
    await page.getByLabel('Last name').fill('Morgan');
    await page.getByLabel('Email').fill(`a11y-buyer-${RUN}-${width}@example.com`);
    await page.getByLabel('Phone number').fill('07700900123');
    await page.getByLabel('Experience level').selectOption('beginner');
    await giveConsent(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Card payment' })).toBeVisible();
    await scan(page, 'purchase: card payment', found);
    // The featured course's checkout page: the consent step.
    await page.goto(`/checkout/${course.id}`);
    await expect(page.getByRole('heading', { name: 'Checkout', exact: true })).toBeVisible();
    await scan(page, 'checkout', found);
    await visitor.close();
    expect(found).toEqual([]);
  });

  test(`the admin console, its dialogs and the quiz screens pass axe WCAG 2.2 AA at ${width} px`, async ({
    browser,
  }) => {
    // The most screens of any test, and at 390 px each is narrowed to 320 px as well.
    test.setTimeout(420_000);
    const found: Found = [];

    // The admin: every tab and dialog.
    const admin = await signedInContext(browser, width, ADMIN);
    const a = admin.page;
    await a.goto('/admin');
    await expect(a.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    for (const tab of [
      'Overview',
      'Students',
      'Messages',
      'Content',
      'Analytics',
      'Live Sessions',
      'Teams',
      'Payments',
      'Storefront',
      'Discounts',
      'Staff',
      'Audit',
    ]) {
      await a.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await a.waitForLoadState('networkidle');
      await scan(a, `admin ${tab}`, found);
      if (tab === 'Students')
        await scanDialog(a, 'Add Student', found, a.getByRole('button', { name: 'Add Student' }));
      if (tab === 'Content') {
        await scanDialog(a, 'Create Course', found, a.getByRole('button', { name: 'Create Course' }).first());
        const card = a.getByRole('listitem').filter({ hasText: 'Drainage Systems Fundamentals' }).first();
        await scanDialog(a, 'Edit Info', found, card.getByRole('button', { name: 'Edit Info' }));
        await card.getByRole('button', { name: 'Manage' }).click();
        await expect(a.getByRole('button', { name: 'Add Module' })).toBeVisible();
        await scan(a, 'admin modules', found);
        await scanDialog(a, 'Add Module', found, a.getByRole('button', { name: 'Add Module' }));
        // A module's Edit opens its topics.
        await a.getByRole('button', { name: 'Edit', exact: true }).first().click();
        await expect(a.getByTestId('topic-card').first()).toBeVisible();
        await scan(a, 'admin topics', found);
        await scanDialog(a, 'Add Topic', found, a.getByRole('button', { name: 'Add Topic' }));
        await scanDialog(
          a,
          'Quiz',
          found,
          a.getByTestId('topic-card').first().getByRole('button', { name: /Quiz/ }),
        );
        await a
          .getByRole('navigation', { name: 'Breadcrumb' })
          .getByRole('button', { name: 'Courses' })
          .click();
      }
      if (tab === 'Live Sessions')
        await scanDialog(
          a,
          'Schedule Session',
          found,
          a.getByRole('button', { name: 'Schedule Session' }).first(),
        );
    }
    for (const path of [
      '/admin/media',
      '/admin/apprentices',
      '/admin/standards',
      '/admin/data-requests',
      '/admin/mailbox',
    ]) {
      await a.goto(path);
      await a.waitForLoadState('networkidle');
      await scan(a, path, found);
    }
    // The admin's portal view: every quiz is open, so questions and results do not touch a student's progress.
    await a.goto('/student');
    await a.getByLabel('Course').selectOption({ label: 'Drainage Systems Fundamentals' });
    await a
      .getByRole('button', { name: /^Continue / })
      .first()
      .click();
    await a
      .getByRole('button', { name: /^Start Topic/ })
      .first()
      .click();
    await expect(a.getByLabel(/^Video lesson:/)).toBeVisible();
    await a.getByRole('tab', { name: 'Quiz' }).click();
    await a.getByRole('button', { name: 'Start Quiz' }).click();
    await a.getByRole('group', { name: 'Question 1 of 2' }).getByRole('radio').nth(1).check();
    await scan(a, 'quiz question', found);
    await a.getByRole('group', { name: 'Question 2 of 2' }).getByRole('radio').nth(0).check();
    await a.getByRole('button', { name: 'Submit Answers' }).click();
    await expect(a.getByRole('heading', { name: /Quiz (Passed!|Failed)/ })).toBeVisible();
    await scan(a, 'quiz results', found);
    await admin.context.close();
    expect(found).toEqual([]);
  });

  test(`the portal, account, apprenticeship and team screens pass axe WCAG 2.2 AA at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const found: Found = [];
    const admin = await signedInContext(browser, width, ADMIN);
    const a = admin.page;
    const courses = (await (await a.request.get('/api/courses/available')).json()) as {
      id: string;
      isActive: boolean;
    }[];
    const course = courses.find((c) => c.isActive)!;

    // The demo student: dashboard, topic tabs, live sessions, messages, account.
    const student = await signedInContext(browser, width, STUDENT);
    const s = student.page;
    await s.goto('/dashboard');
    await expect(s.getByRole('button', { name: /^Continue / }).first()).toBeVisible();
    await scan(s, 'dashboard', found);
    await s
      .getByRole('button', { name: /^Continue / })
      .first()
      .click();
    await expect(s.getByRole('button', { name: /^Start Topic/ }).first()).toBeVisible();
    await scan(s, 'topics', found);
    await s
      .getByRole('button', { name: /^Start Topic/ })
      .first()
      .click();
    await expect(s.getByLabel(/^Video lesson:/)).toBeVisible();
    await scan(s, 'topic lesson', found);
    for (const name of [/Presentation|Slides/, /Quiz/]) {
      const tab = s.getByRole('tab', { name });
      if ((await tab.count()) && (await tab.isEnabled())) {
        await tab.click();
        await scan(s, `topic tab ${name}`, found);
      }
    }
    await s.getByRole('tab', { name: 'Sessions' }).click();
    await expect(s.getByText('Live Q&A: reading drainage plans').first()).toBeVisible();
    await scan(s, 'live sessions', found);
    await s.getByRole('tab', { name: /Messages/ }).click();
    await scan(s, 'messages', found);
    await s.goto('/account');
    await s.waitForLoadState('networkidle');
    await scan(s, 'account', found);
    await student.context.close();

    // An apprentice: the log, a review; and their employer's view through a team.
    const apprentice = await newStudent(browser, a, width, 'apprentice');
    const set = await a.request.put(`/api/admin/students/${apprentice.id}/apprenticeship`, {
      data: {
        standard: 'Plumbing and Domestic Heating Technician',
        level: 3,
        startDate: day(-120),
        endDate: day(400),
        weeklyContractedHours: 37.5,
        plannedOtjHours: 400,
      },
    });
    expect(set.status()).toBe(200);
    await apprentice.page.goto('/apprenticeship');
    await apprentice.page.waitForLoadState('networkidle');
    await scan(apprentice.page, 'apprenticeship', found);
    await apprentice.page.goto('/dashboard');
    await apprentice.page.waitForLoadState('networkidle');
    await scan(apprentice.page, 'apprentice dashboard (certificates, invitations)', found);
    await apprentice.context.close();

    // A team manager: an invoice order in their own email makes them the manager at once.
    const manager = await newStudent(browser, a, width, 'manager');
    const order = await manager.page.request.post('/api/team-orders', {
      data: {
        courseId: course.id,
        seats: 2,
        company: {
          name: 'Access Builders Ltd',
          addressLine1: '1 Ramp Road',
          city: 'Leeds',
          postcode: 'LS1 4AP',
        },
        buyer: {
          firstName: 'Priya',
          lastName: 'Shah',
          email: manager.email,
          phoneNumber: '07700900123',
          jobTitle: 'Site manager',
        },
        payBy: 'invoice',
      },
    });
    if (order.ok()) {
      await manager.page.goto('/team');
      await manager.page.waitForLoadState('networkidle');
      await scan(manager.page, 'team portal', found);
    } else {
      found.push(`team portal: could not order seats (${order.status()} ${await order.text()})`);
    }
    await manager.context.close();
    await admin.context.close();

    expect(found).toEqual([]);
  });
}
