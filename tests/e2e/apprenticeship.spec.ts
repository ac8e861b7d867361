import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn, tinyPdf } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Apprenticeship evidence as its users meet it: the apprentice logs off-the-job hours (field errors first), sees
// a rejection and amends it; the tutor approves, records a progress review, and the three parties sign it. Both
// at phone and laptop widths, with screenshots.

// UK users: date inputs show day/month/year.
test.use({ locale: 'en-GB' });

const RUN = Date.now().toString(36);

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
};
const ukDate = (iso: string) => iso.split('-').reverse().join('/');

/** A browser for a freshly provisioned account, signed in, with its temporary password replaced. */
async function accountPage(browser: Browser, email: string, temporary: string, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    locale: 'en-GB',
  });
  expect((await context.request.post('/api/login', { data: { email, password: temporary } })).status()).toBe(
    200,
  );
  const change = await context.request.post('/api/user/password', {
    data: { currentPassword: temporary, newPassword: 'Fresh-Start-456!' },
  });
  expect(change.status()).toBe(200);
  return { page: await context.newPage(), close: () => context.close() };
}

/** Through the admin API: a student on the demo course with an apprenticeship, and their employer contact. */
async function setUpApprentice(admin: Page, tag: string) {
  const courses = (await (await admin.request.get('/api/admin/courses')).json()) as {
    id: string;
    title: string;
  }[];
  const email = `apprentice-${tag}@example.com`;
  const created = await admin.request.post('/api/admin/students', {
    data: {
      firstName: 'Aisha',
      lastName: `Khan ${tag}`,
      email,
      password: 'TempPass123!',
      courseId: courses[0]!.id,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const boss = `boss-${tag}@employer.example`;
  const res = await admin.request.put(`/api/admin/students/${id}/apprenticeship`, {
    data: {
      standard: 'Plumbing and Domestic Heating Technician',
      level: 3,
      startDate: day(-120),
      endDate: day(400),
      weeklyContractedHours: 37.5,
      plannedOtjHours: 400,
      employerContact: { email: boss, firstName: 'Bella', lastName: 'Boss' },
    },
  });
  expect(res.status()).toBe(200);
  // The employer contact's temporary password arrives by email (the admin mailbox lists it).
  const { emails } = (await (await admin.request.get('/api/admin/mailbox')).json()) as {
    emails: { to: string; text: string }[];
  };
  const temporary =
    /Temporary password: (\S+)/.exec(emails.find((m) => m.to === boss)?.text ?? '')?.[1] ?? '';
  expect(temporary).not.toBe('');
  return { id, email, boss, bossPassword: temporary };
}

/** A screenshot to look at, after checking nothing sticks out sideways (a phone would scroll). */
async function look(page: Page, path: string, fullPage = false) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} overflows sideways`).toBeLessThanOrEqual(0);
  await keepShot(page, { path, fullPage });
}

/** The admin signed in on `page`, a new apprentice, and the apprentice's own browser. */
async function begin(page: Page, browser: Browser, width: number, tag: string) {
  test.setTimeout(120_000);
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const apprentice = await setUpApprentice(page, tag);
  const { page: me, close } = await accountPage(browser, apprentice.email, 'TempPass123!', width);
  return { apprentice, me, close };
}

for (const width of [390, 1280]) {
  test(`the apprentice logs hours, sees a rejection and amends it (${width} px)`, async ({
    page,
    browser,
  }) => {
    const { apprentice, me, close } = await begin(page, browser, width, `${RUN}-log-${width}`);
    await me.goto('/dashboard');
    await me.getByRole('link', { name: /Off-the-job training log/ }).click();
    await expect(me.getByRole('heading', { name: 'Off-the-job training' })).toBeVisible();
    await expect(me.getByText('0 h approved of 400 h planned', { exact: true })).toBeVisible();

    // Field errors first: nothing filled in, then a bad step and no paid-hours tick.
    const form = me.getByRole('form', { name: 'Log learning' });
    await form.getByRole('button', { name: 'Log entry' }).click();
    await expect(form.getByText('Enter the hours')).toBeVisible();
    await expect(form.getByText('Describe what you learned (at least 10 characters)')).toBeVisible();
    await expect(form.getByText('Off-the-job training must be in your paid working hours')).toBeVisible();
    await form.getByLabel('Hours', { exact: true }).fill('1.3');
    await form.getByRole('button', { name: 'Log entry' }).click();
    await expect(form.getByText('Hours go in quarter-hour steps (0.25)')).toBeVisible();
    // The server's rule about dates shows under the date.
    await form.getByLabel('Date').fill(day(-200));
    await form.getByLabel('Hours', { exact: true }).fill('1.5');
    await form.getByLabel('Activity').selectOption('practical_training');
    await form.getByLabel('What did you learn?').fill('Fitted a thermostatic radiator valve with my mentor');
    await form.getByLabel('This was during my paid working hours').check();
    await form.getByRole('button', { name: 'Log entry' }).click();
    await expect(
      form.getByText(`This date is before your apprenticeship started (${ukDate(day(-120))})`),
    ).toBeVisible();
    await look(me, `test-results/apprenticeship-screens/${width}-log-errors.png`, true);

    await form.getByLabel('Date').fill(day(-2));
    await form.getByLabel('This was during my paid working hours').check();
    // Evidence may be a photo or a PDF (a signed job sheet).
    await form.locator('input[type=file]').setInputFiles(tinyPdf('job-sheet.pdf'));
    await expect(form.getByText('PDF attached.')).toBeVisible();
    await look(me, `test-results/apprenticeship-screens/${width}-log-evidence.png`, true);
    await form.getByRole('button', { name: 'Log entry' }).click();
    const entries = me.getByTestId('otj-entry');
    const logged = entries.filter({ hasText: 'Fitted a thermostatic radiator valve' });
    await expect(logged).toContainText('Pending');
    const evidence = logged.getByRole('link', { name: 'View evidence (PDF)' });
    const pdf = await me.request.get((await evidence.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expect(me.getByText('1.5 h', { exact: true }).first()).toBeVisible();

    // The tutor rejects it with a reason; the apprentice sees it and amends.
    const [entry] = (await (await page.request.get(`/api/admin/otj?studentId=${apprentice.id}`)).json()) as {
      id: string;
    }[];
    expect(
      (
        await page.request.post(`/api/admin/otj/${entry!.id}/reject`, {
          data: { reason: 'Say which KSB this covered' },
        })
      ).status(),
    ).toBe(200);
    await me.reload();
    await expect(me.getByText('Say which KSB this covered')).toBeVisible();
    await look(me, `test-results/apprenticeship-screens/${width}-log-rejected.png`, true);
    await entries.filter({ hasText: 'Fitted a thermostatic' }).getByRole('button', { name: 'Amend' }).click();
    const dialog = me.getByRole('dialog', { name: 'Amend entry' });
    await expect(dialog.getByText('Your tutor said: “Say which KSB this covered”')).toBeVisible();
    await dialog
      .getByLabel('What did you learn?')
      .fill('Fitted a TRV: KSB S4, installing heating components to manufacturer instructions');
    await dialog.getByLabel('This was during my paid working hours').check();
    await look(me, `test-results/apprenticeship-screens/${width}-amend-dialog.png`);
    await dialog.getByRole('button', { name: 'Send for approval again' }).click();
    await expect(dialog).toBeHidden();
    await expect(entries.filter({ hasText: 'KSB S4' })).toContainText('Pending');

    // The download is the apprentice's own log.
    const csv = await me.request.get('/api/otj/export.csv');
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain('KSB S4');
    await close();
  });

  test(`the tutor approves hours and records a review that all three sign (${width} px)`, async ({
    page,
    browser,
  }) => {
    const tag = `${RUN}-review-${width}`;
    const { apprentice, me, close } = await begin(page, browser, width, tag);
    expect(
      (
        await me.request.post('/api/otj', {
          data: {
            date: day(-3),
            hours: 6,
            activity: 'theory',
            description: 'Building regulations Part L: heating efficiency',
            inPaidHours: true,
          },
        })
      ).status(),
    ).toBe(201);

    await page.getByRole('tab', { name: 'Apprentices' }).click();
    await expect(page.getByRole('heading', { name: 'Apprentices', exact: true })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`Aisha Khan ${tag}`) }).click();
    const detail = page.getByRole('region', { name: `Aisha Khan ${tag}` });
    const log = detail.getByTestId('otj-entry').filter({ hasText: 'Part L' });
    await log.getByRole('button', { name: 'Approve' }).click();
    await expect(log).toContainText('Approved');
    await expect(detail.getByText('6 h approved of 400 h planned', { exact: true })).toBeVisible();

    await detail.getByRole('button', { name: 'Record a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a progress review' });
    await dialog.getByRole('button', { name: 'Record review' }).click();
    await expect(dialog.getByText('Describe progress against the standard')).toBeVisible();
    await expect(dialog.getByText('Enter the next steps')).toBeVisible();
    await dialog
      .getByLabel('Progress against the standard')
      .fill('Confident with soldered joints; pressure testing still supervised.');
    await dialog.getByLabel('Next steps').fill('Shadow a system commission before the next review.');
    await look(page, `test-results/apprenticeship-screens/${width}-review-dialog.png`);
    await dialog.getByRole('button', { name: 'Record review' }).click();
    await expect(dialog).toBeHidden();

    const review = detail.getByTestId('review').first();
    await review.getByRole('button', { name: 'Sign as tutor' }).click();
    await expect(review).toContainText(/Tutor\s*Admin|Tutor\s*\S+/);
    await expect(review.getByRole('button', { name: /Sign as/ })).toHaveCount(0);

    // The apprentice and the employer contact each sign in their own account.
    await me.goto('/apprenticeship');
    await me.getByTestId('review').getByRole('button', { name: 'Sign as apprentice' }).click();
    await expect(me.getByTestId('review')).toContainText(`Aisha Khan ${tag}`);
    const boss = await accountPage(browser, apprentice.boss, apprentice.bossPassword, width);
    await boss.page.goto('/dashboard');
    await boss.page.getByRole('link', { name: /Apprentice progress reviews/ }).click();
    await boss.page.getByTestId('review').getByRole('button', { name: 'Sign as employer' }).click();
    await expect(boss.page.getByTestId('review')).toContainText('Signed');
    await expect(boss.page.getByTestId('review')).toContainText('Bella Boss');
    await look(boss.page, `test-results/apprenticeship-screens/${width}-employer-signed.png`, true);

    await page.reload();
    await page.getByRole('button', { name: new RegExp(`Aisha Khan ${tag}`) }).click();
    await expect(page.getByTestId('review').first()).toContainText('Signed');
    await look(page, `test-results/apprenticeship-screens/${width}-admin-apprentice.png`, true);
    const pdf = await page.request.get(
      (await page.getByRole('link', { name: 'PDF' }).first().getAttribute('href'))!,
    );
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const csv = await page.request.get('/api/admin/apprentices/export.csv');
    expect(await csv.text()).toContain(`"Aisha","Khan ${tag}","${apprentice.email}"`);
    await look(me, `test-results/apprenticeship-screens/${width}-apprentice-page.png`, true);
    await boss.close();
    await close();
  });
}
