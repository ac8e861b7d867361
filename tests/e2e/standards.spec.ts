import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, notifications, signIn, tinyPdf } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Standards and gateway (docs/apprenticeships.md): the apprentice tags evidence with KSBs, the tutor signs the
// KSBs off, and the tutor and the employer sign "ready for gateway". First the admin maps a course topic to KSBs
// in the content editor, and the apprentice completing it evidences them. Set up through the API; at 390 and 1280 px.

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

/** A course of one module and one topic, through the admin API. */
async function courseWithTopic(admin: Page, tag: string) {
  const body = { description: 'A course for the KSB mapping journey.', order: 0 };
  const course = await admin.request.post('/api/admin/courses', {
    data: { ...body, title: `Site drawings ${tag}` },
  });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = ((await course.json()) as { id: string }).id;
  const mod = await admin.request.post(`/api/admin/courses/${courseId}/modules`, {
    data: { ...body, title: `Drawings module ${tag}`, order: 1, duration: 30 },
  });
  expect(mod.status(), await mod.text()).toBe(201);
  const moduleId = ((await mod.json()) as { id: string }).id;
  const topic = await admin.request.post(`/api/admin/modules/${moduleId}/topics`, {
    data: { ...body, title: 'Reading a site drawing', order: 1 },
  });
  expect(topic.status(), await topic.text()).toBe(201);
  return { courseId, topicId: ((await topic.json()) as { id: string }).id, title: `Site drawings ${tag}` };
}

/** A standard of three KSBs, an apprentice on it with the hours and reviews gateway needs, and their employer. */
async function setUp(admin: Page, tag: string, width: number, courseId: string) {
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
  const created = await admin.request.post('/api/admin/students', {
    data: {
      firstName: 'Kim',
      lastName: `Apprentice ${tag}`,
      email,
      password: 'TempPass123!',
      courseId,
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
  return { id, email, boss, bossPassword, ref };
}

async function look(page: Page, path: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} overflows sideways`).toBeLessThanOrEqual(0);
  await keepShot(page, { path, fullPage: true });
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
    const course = await courseWithTopic(page, tag);
    const who = await setUp(page, tag, width, course.courseId);
    const me = await browserFor(browser, width, who.email, 'TempPass123!', 'Fresh-Start-456!');

    // The admin maps the course's topic to K1 (found by searching, ticked by keyboard) and S1 in the content
    // editor: Content → the course → its module → the topic's KSBs.
    await page.getByRole('tab', { name: 'Content' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: course.title })
      .getByRole('button', { name: 'Manage' })
      .click();
    await page
      .getByRole('listitem')
      .filter({ hasText: `Drawings module ${tag}` })
      .getByRole('button', { name: 'Edit' })
      .click();
    const topicCard = page.getByTestId('topic-card').filter({ hasText: 'Reading a site drawing' });
    await topicCard.getByRole('button', { name: 'KSBs (0) for Reading a site drawing' }).click();
    const mapper = page.getByRole('dialog', { name: 'KSBs for Reading a site drawing' });
    await mapper
      .getByLabel('Standard', { exact: true })
      .selectOption({ label: `${who.ref} v1.0: Journey fixture standard ${tag}` });
    await expect(mapper.getByText('Knowledge (0 of 1 mapped)')).toBeVisible();
    await mapper.getByLabel('Search KSBs').fill('site drawing');
    await expect(mapper.getByRole('checkbox')).toHaveCount(1);
    await mapper.getByRole('checkbox', { name: /^K1/ }).focus();
    await page.keyboard.press('Space');
    await expect(mapper.getByRole('checkbox', { name: /^K1/ })).toBeChecked();
    await mapper.getByLabel('Search KSBs').fill('');
    await mapper.getByRole('checkbox', { name: /^S1/ }).check();
    await expect(mapper.getByText(`2 KSBs of ${who.ref} v1.0 mapped.`)).toBeVisible();
    await look(page, `test-results/standards-screens/${width}-topic-ksbs.png`);
    await mapper.getByRole('button', { name: 'Save KSBs' }).click();
    await expect(notifications(page).getByText('KSBs saved', { exact: true })).toBeVisible();
    await expect(
      topicCard.getByRole('button', { name: 'KSBs (2) for Reading a site drawing' }),
    ).toBeVisible();
    await topicCard.scrollIntoViewIfNeeded();
    await look(page, `test-results/standards-screens/${width}-topic-card.png`);
    // The apprentice completes the topic: K1 and S1 are evidenced automatically.
    expect((await me.request.post(`/api/topics/${course.topicId}/open`, { data: {} })).status()).toBe(200);
    const own = (await (await me.request.get('/api/apprenticeship/gateway')).json()) as {
      ksbs: { code: string; status: string }[];
    };
    expect(own.ksbs.map((k) => `${k.code}:${k.status}`)).toEqual([
      'K1:evidenced',
      'S1:evidenced',
      'B1:not_started',
    ]);

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
    await expect(
      page.getByText(/Topic completed: Reading a site drawing \(automatic\)/).first(),
    ).toBeVisible();
    for (const code of ['K1', 'S1', 'B1']) {
      await page.getByRole('button', { name: `Sign off ${code}` }).click();
      await expect(page.getByRole('button', { name: `Sign off ${code}` })).toHaveCount(0);
    }
    // A mandatory qualification on the plan holds gateway back until it has its date and certificate.
    await page.getByRole('button', { name: 'Add a qualification' }).click();
    const qualification = page.getByRole('dialog', { name: 'Add a qualification' });
    await qualification.getByLabel('Qualification', { exact: true }).fill('Level 2 functional skills maths');
    await qualification.getByRole('button', { name: 'Save qualification' }).click();
    const maths = page.getByRole('listitem').filter({ hasText: 'Level 2 functional skills maths' });
    await expect(maths.getByText('Evidence missing', { exact: true })).toBeVisible();
    await expect(page.getByText('Not ready yet', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Level 2 functional skills maths' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit qualification' });
    await edit.getByLabel('Date achieved (optional)').fill(day(-30));
    await edit.locator('input[type=file]').setInputFiles(tinyPdf('maths-certificate.pdf'));
    await expect(edit.getByText('Certificate attached.')).toBeVisible();
    await look(page, `test-results/standards-screens/${width}-qualification-form.png`);
    await edit.getByRole('button', { name: 'Save qualification' }).click();
    await expect(maths.getByText('Evidenced', { exact: true })).toBeVisible();
    await expect(page.getByText('Ready for gateway', { exact: true })).toBeVisible();
    await page.getByRole('heading', { name: 'Mandatory qualifications' }).scrollIntoViewIfNeeded();
    await look(page, `test-results/standards-screens/${width}-qualifications.png`);
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
