import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './fixtures.ts';

// Standards and gateway (docs/apprenticeships.md): the apprentice tags evidence with KSBs, the tutor signs the
// KSBs off, and the tutor and the employer sign "ready for gateway". Set up through the API; at 390 and 1280 px.

test.use({ locale: 'en-GB' });
// The shared machine can be slow to load a lazy page; nothing here waits on a timer.
const expect = baseExpect.configure({ timeout: 30_000 });
const RUN = Date.now().toString(36);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function browserFor(browser: Browser, width: number, email: string, password: string, fresh?: string) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  expect((await context.request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  if (fresh) {
    const changed = await context.request.post('/api/user/password', {
      data: { currentPassword: password, newPassword: fresh },
    });
    expect(changed.status()).toBe(200);
  }
  return context.newPage();
}

/** A standard of three KSBs, an apprentice on it with the hours and reviews gateway needs, and their employer. */
async function setUp(admin: Page, tag: string, width: number) {
  const ref = `ST9${width === 390 ? 3 : 1}${String(Date.now()).slice(-2)}`;
  const standard = await admin.request.post('/api/admin/standards', {
    data: {
      referenceNumber: ref,
      version: '1.0',
      title: `Journey fixture standard ${tag}`,
      level: 3,
      larsCode: 9000,
      typicalDuration: 18,
      knowledges: [{ knowledgeId: 'k-1', detail: 'Fixture knowledge: reading a site drawing' }],
      skills: [{ skillId: 's-1', detail: 'Fixture skill: plan a routine installation' }],
      behaviours: [{ behaviourId: 'b-1', detail: 'Fixture behaviour: works safely' }],
    },
  });
  expect(standard.status(), await standard.text()).toBe(201);
  const standardId = ((await standard.json()) as { id: string }).id;
  expect(
    (
      await admin.request.put(`/api/admin/standards/${standardId}`, { data: { minimumOtjHours: 187 } })
    ).status(),
  ).toBe(200);
  const email = `ksb-${tag}@example.com`;
  const courses = (await (await admin.request.get('/api/admin/courses')).json()) as { id: string }[];
  const created = await admin.request.post('/api/admin/students', {
    data: {
      firstName: 'Kim',
      lastName: `Apprentice ${tag}`,
      email,
      password: 'TempPass123!',
      courseId: courses[0]!.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const boss = `ksb-boss-${tag}@employer.example`;
  const saved = await admin.request.put(`/api/admin/students/${id}/apprenticeship`, {
    data: {
      standardId,
      startDate: day(-200),
      endDate: day(300),
      weeklyContractedHours: 37.5,
      employerContact: { email: boss, firstName: 'Bella', lastName: 'Boss' },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { emails } = (await (await admin.request.get('/api/admin/mailbox')).json()) as {
    emails: { to: string; text: string }[];
  };
  const bossPassword =
    /Temporary password: (\S+)/.exec(emails.find((m) => m.to === boss)?.text ?? '')?.[1] ?? '';
  for (const d of [150, 70, 5]) {
    const review = await admin.request.post(`/api/admin/students/${id}/reviews`, {
      data: { reviewDate: day(-d), progressSummary: 'On track', otjHoursToDate: 0, nextSteps: 'Keep going' },
    });
    expect(review.status()).toBe(201);
  }
  return { id, email, boss, bossPassword };
}

async function look(page: Page, path: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} overflows sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path, fullPage: true });
}

for (const width of [390, 1280]) {
  test(`apprentice tags evidence, the tutor signs the KSBs, both sign ready for gateway (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, ADMIN);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 60_000 });
    const tag = `${RUN}-${width}`;
    const who = await setUp(page, tag, width);
    const me = await browserFor(browser, width, who.email, 'TempPass123!', 'Fresh-Start-456!');

    // The apprentice's hours so far (approved), logged through the API; then one entry tagged in the form.
    for (let d = 10; d < 18; d++) {
      const res = await me.request.post('/api/otj', {
        data: {
          date: day(-d),
          hours: 24,
          activity: 'practical_training',
          description: `Site week, day ${d}`,
          inPaidHours: true,
        },
      });
      expect(res.status()).toBe(201);
      expect(
        (await page.request.post(`/api/admin/otj/${(await res.json()).id}/approve`, { data: {} })).status(),
      ).toBe(200);
    }
    await me.goto('/apprenticeship');
    const form = me.getByRole('form', { name: 'Log learning' });
    await form.getByLabel('Date').fill(day(-2));
    await form.getByLabel('Hours', { exact: true }).fill('3');
    await form.getByLabel('Activity').selectOption('practical_training');
    await form
      .getByLabel('What did you learn?')
      .fill('Read the site drawing and planned the first fix safely');
    for (const code of ['K1', 'S1', 'B1'])
      await form.getByRole('checkbox', { name: new RegExp(`^${code}`) }).check();
    await form.getByLabel('This was during my paid working hours').check();
    await form.getByRole('button', { name: 'Log entry' }).click();
    await expect(me.getByTestId('otj-entry').filter({ hasText: 'Read the site drawing' })).toContainText(
      'K1',
    );

    // The tutor approves it (the tags confirmed), then signs each KSB off on the matrix.
    const [entry] = (await (
      await page.request.get(`/api/admin/otj?studentId=${who.id}&status=pending`)
    ).json()) as { id: string }[];
    expect((await page.request.post(`/api/admin/otj/${entry!.id}/approve`, { data: {} })).status()).toBe(200);
    await page.goto('/admin/apprentices');
    await page.getByRole('button', { name: new RegExp(`Kim Apprentice ${tag}`) }).click();
    const matrix = page.getByRole('heading', { name: 'KSB matrix' });
    await expect(matrix).toBeVisible();
    for (const code of ['K1', 'S1', 'B1']) {
      await page.getByRole('button', { name: `Sign off ${code}` }).click();
      await expect(page.getByRole('button', { name: `Sign off ${code}` })).toHaveCount(0);
    }
    await expect(page.getByText('Ready for gateway', { exact: true })).toBeVisible();
    await matrix.scrollIntoViewIfNeeded();
    await look(page, `test-results/standards-screens/${width}-ksb-matrix.png`);
    await page.getByRole('button', { name: 'Sign ready for gateway' }).click();
    await expect(page.getByText(/^Tutor: /)).toBeVisible();

    // The employer sees hours, pace and readiness, and signs too; the apprentice sees both signatures.
    const boss = await browserFor(browser, width, who.boss, who.bossPassword, 'Boss-Fresh-789!');
    await boss.goto('/apprenticeship');
    await expect(boss.getByRole('heading', { name: /Your apprentices/ })).toBeVisible();
    await boss.getByRole('button', { name: 'Sign ready for gateway' }).click();
    await expect(boss.getByText(/Employer: Bella Boss/)).toBeVisible();
    await me.reload();
    await expect(me.getByText(/Employer: Bella Boss/)).toBeVisible();
    await me.getByRole('heading', { name: 'Gateway readiness' }).scrollIntoViewIfNeeded();
    await look(me, `test-results/standards-screens/${width}-gateway.png`);
    await boss.context().close();
    await me.context().close();
  });
}
