import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  type Account,
  ADMIN,
  expect as baseExpect,
  invitationLink,
  signIn,
  staffMember,
  test,
} from './fixtures.ts';
import { keepShot } from './shots.ts';

// Staff roles (docs/staff.md): an admin invites a tutor from the Staff tab; the tutor accepts from the emailed
// link, lands on their caseload, sees only their tabs and approves an OTJ entry; an instructor edits only their
// own course. Data is set up through the API; screenshots of each role's console at 390 and 1280 px.

// A busy CI machine renders slowly: every wait here may take up to 20 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = 'test-results/staff-roles';

async function signedIn(page: Page, who: Account) {
  await signIn(page, who);
  await expect(page).toHaveURL(/\/admin$/);
}
const RUN = `${Date.now()}-${Math.floor(Math.random() * 1e5)}`;
const PASSWORD = 'Copper-Lantern-7712';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function look(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  await keepShot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function adminApi(browser: Browser) {
  const context = await browser.newContext();
  expect((await context.request.post('/api/login', { data: ADMIN })).ok()).toBe(true);
  return context;
}

async function call(api: APIRequestContext, method: 'post' | 'put', url: string, data: object) {
  const res = await api[method](url, { data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as { id: string };
}

/** A new apprentice on a course, with one pending OTJ entry logged from their own account. */
async function apprenticeWithEntry(api: APIRequestContext, browser: Browser, courseId: string, tag: string) {
  const email = `apprentice-${tag}-${RUN}@example.com`;
  const { id } = await call(api, 'post', '/api/admin/students', {
    firstName: 'Aisha',
    lastName: `Khan ${tag}`,
    email,
    password: 'TempPass123!',
    courseId,
  });
  await call(api, 'put', `/api/admin/students/${id}/apprenticeship`, {
    standard: 'Installation Electrician',
    level: 3,
    startDate: day(-120),
    endDate: day(400),
    weeklyContractedHours: 37.5,
    plannedOtjHours: 400,
  });
  const me = await browser.newContext();
  expect((await me.request.post('/api/login', { data: { email, password: 'TempPass123!' } })).ok()).toBe(
    true,
  );
  await call(me.request, 'post', '/api/user/password', {
    currentPassword: 'TempPass123!',
    newPassword: PASSWORD,
  });
  await call(me.request, 'post', '/api/otj', {
    date: day(-2),
    hours: 2,
    activity: 'practical_training',
    description: `Wired a consumer unit on site ${tag}`,
    inPaidHours: true,
  });
  await me.close();
  return { id, name: `Aisha Khan ${tag}` };
}

async function newCourse(api: APIRequestContext, title: string) {
  // Inactive and last: the storefront journeys on this server expect the demo catalogue.
  return call(api, 'post', '/api/admin/courses', {
    title,
    description: 'Staff roles journey',
    order: 999,
    isActive: false,
  });
}

for (const width of [390, 1280]) {
  test(`an invited tutor accepts, sees only their caseload and approves an entry (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const api = (await adminApi(browser)).request;
    const course = await newCourse(api, `Tutor course ${width} ${RUN}`);
    const apprentice = await apprenticeWithEntry(api, browser, course.id, `t${width}`);

    // The admin invites the tutor on the Staff tab.
    await page.setViewportSize({ width, height: 900 });
    await signedIn(page, ADMIN);
    await page.getByRole('tab', { name: 'Staff' }).click();
    const email = `tutor-${width}-${RUN}@staff.example`;
    const form = page.getByRole('form', { name: 'Invite staff' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('First name').fill('Tara');
    await form.getByLabel('Last name').fill(`Tutor ${width}`);
    await form.getByLabel(/^Tutor/).check();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    // The invitee has no account until they accept: the toast says it went.
    await expect(page.getByText(`Invitation sent to ${email}`, { exact: true })).toBeVisible();
    await look(page, `admin-staff-${width}`);
    await page.getByRole('tab', { name: 'Audit' }).click();
    await expect(page.getByText('staff.invite').first()).toBeVisible();
    await look(page, `admin-audit-${width}`);

    // The admin puts the apprentice in the tutor's caseload (the record's Tutor field).
    const staff = (await (await api.get('/api/admin/staff')).json()) as { userId: string; email: string }[];
    const link = await invitationLink(api, email);

    // The tutor opens the emailed link, sets a password and is signed in to their console.
    const tutor = await browser.newPage({ viewport: { width, height: 900 } });
    await tutor.goto(link);
    await tutor.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await tutor.getByLabel('Confirm new password').fill(PASSWORD);
    await tutor.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(tutor.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
    const tutorId = ((await (await api.get('/api/admin/staff')).json()) as typeof staff).find(
      (m) => m.email === email,
    )!.userId;
    const record = (await (
      await api.get(`/api/admin/students/${apprentice.id}/apprenticeship`)
    ).json()) as Record<string, unknown>;
    await call(api, 'put', `/api/admin/students/${apprentice.id}/apprenticeship`, {
      standard: record.standard,
      level: record.level,
      startDate: record.startDate,
      endDate: record.endDate,
      weeklyContractedHours: record.weeklyContractedHours,
      plannedOtjHours: record.plannedOtjHours,
      tutorUserId: tutorId,
    });
    await tutor.reload();
    await expect(tutor.getByRole('tab')).toHaveText([/Caseload/, /Live Sessions/, /Apprentices/, /Messages/]);
    await expect(tutor.getByRole('tab', { name: 'Students' })).toHaveCount(0);
    const row = tutor.getByRole('link', { name: new RegExp(apprentice.name) });
    await expect(row).toContainText('1 waiting for you');
    await look(tutor, `tutor-console-${width}`);

    // Their caseload only: the apprentice's pending entry, approved from the Apprentices page.
    await row.click();
    await expect(tutor.getByRole('heading', { name: 'Your caseload' })).toBeVisible();
    await tutor.getByRole('button', { name: 'Approve' }).first().click();
    await expect(tutor.getByText('Nothing waiting for approval.')).toBeVisible();
    expect((await tutor.request.get('/api/admin/students')).status()).toBe(403);
    await tutor.close();
  });

  test(`an instructor edits only their own course; finance sees money, not courses (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const api = (await adminApi(browser)).request;
    const own = await newCourse(api, `Own course ${width} ${RUN}`);
    const other = await newCourse(api, `Other course ${width} ${RUN}`);
    const otherModule = await call(api, 'post', `/api/admin/courses/${other.id}/modules`, {
      title: 'Not theirs',
      description: 'Another instructor’s module',
    });
    const instructor = await staffMember(api, browser, `instructor${width}`, ['instructor']);
    await call(api, 'put', `/api/admin/courses/${own.id}/instructors`, { userIds: [instructor.id] });
    const learner = `Pippa Progress ${width}`;
    await call(api, 'post', '/api/admin/students', {
      firstName: 'Pippa',
      lastName: `Progress ${width}`,
      email: `pippa-${width}-${RUN}@example.com`,
      password: 'TempPass123!',
      courseId: own.id,
    });

    await page.setViewportSize({ width, height: 900 });
    await signedIn(page, instructor);
    await expect(page.getByRole('tab')).toHaveText([/Content/, /Live Sessions/, /Messages/]);
    await expect(page.getByRole('heading', { name: `Own course ${width} ${RUN}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Other course ${width} ${RUN}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Course' })).toHaveCount(0);
    await look(page, `instructor-console-${width}`);
    // Their course's students' progress; another course's answers 403.
    await page.getByRole('button', { name: `Student progress: Own course ${width} ${RUN}` }).click();
    const progress = page.getByRole('dialog', { name: 'Student progress' });
    await expect(progress.getByTestId('course-progress-student').filter({ hasText: learner })).toContainText(
      '0 of 0 topics',
    );
    await look(page, `instructor-progress-${width}`);
    await page.keyboard.press('Escape');
    expect((await page.request.get(`/api/admin/courses/${other.id}/progress`)).status()).toBe(403);
    await page.getByRole('button', { name: 'Manage' }).first().click();
    await page.getByRole('button', { name: /Add Module/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title *').fill('Earthing and bonding');
    await dialog.getByLabel('Description *').fill('Main protective bonding conductors');
    await dialog.getByRole('button', { name: /^Add module$/i }).click();
    await expect(page.getByRole('heading', { name: 'Earthing and bonding' })).toBeVisible();
    // Another course's content answers 403.
    const refused = await page.request.post(`/api/admin/modules/${otherModule.id}/topics`, {
      data: { title: 'Sneaky', description: 'Not allowed' },
    });
    expect(refused.status()).toBe(403);

    const finance = await staffMember(api, browser, `finance${width}`, ['finance']);
    const money = await browser.newPage({ viewport: { width, height: 900 } });
    await signedIn(money, finance);
    // Finance works the money: payments and refunds, team orders and discount codes; no courses or learners.
    await expect(money.getByRole('tab')).toHaveText([/Payments/, /Teams/, /Discounts/]);
    await look(money, `finance-console-${width}`);
    expect((await money.request.get('/api/admin/courses')).status()).toBe(403);
    await money.close();
  });
}
