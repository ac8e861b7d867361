import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { scormZip } from '../../src/server/test/fixtures/scorm-zip.ts';
import { ADMIN, signedIn } from './fixtures.ts';
import { keepShot } from './shots.ts';

// SCORM packages as lessons (README 'SCORM packages'), at 390 and 1280 px: a real package built here (the test
// SCO of the API tests) runs in the sandboxed player through scorm-again's cross-frame API; the student leaves
// half-way, comes back on another device, resumes at the same page, finishes, and the next topic opens.
// Screenshots land in test-results/scorm/ for looking at.

const RUN = Date.now().toString(36);
// Passes the password rule (README 'Passwords').
const NEW_PASSWORD = 'Fresh-Start-456!';
const shot = (name: string) => `test-results/scorm/${name}.png`;
const viewport = (width: number) => ({ width, height: width < 500 ? 844 : 900 });

async function json<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** A course with a package topic and a plain topic after it, and an enrolled student (as the admin). */
async function buildCourse(request: APIRequestContext, label: string, version: '1.2' | '2004') {
  const course = await json<{ id: string }>(
    await request.post('/api/admin/courses', {
      data: {
        title: `Safe isolation ${label} ${RUN}`,
        description: 'Lock off, prove dead.',
        order: 999,
        isActive: false,
      },
    }),
  );
  const mod = await json<{ id: string }>(
    await request.post(`/api/admin/courses/${course.id}/modules`, {
      data: { title: 'Isolation', description: 'Before any electrical work.', order: 1 },
    }),
  );
  const topics = [];
  for (const [order, title] of [
    [1, 'Safe isolation procedure'],
    [2, 'After isolation'],
  ] as const) {
    topics.push(
      await json<{ id: string }>(
        await request.post(`/api/admin/modules/${mod.id}/topics`, {
          data: { title, description: order === 1 ? 'An interactive lesson.' : 'What comes next.', order },
        }),
      ),
    );
  }
  const zip = scormZip(version);
  const target = await json<{ uploadURL: string; objectPath: string }>(
    await request.post('/api/objects/upload', {
      data: {
        fileType: 'package',
        contentType: 'application/zip',
        size: zip.length,
        fileName: 'isolation.zip',
      },
    }),
  );
  expect(
    (await request.put(target.uploadURL, { data: zip, headers: { 'content-type': 'application/zip' } })).ok(),
  ).toBe(true);
  const attached = await json<{ version: string }>(
    await request.put(`/api/topics/${topics[0]!.id}/package`, { data: { objectKey: target.objectPath } }),
  );
  expect(attached.version).toBe(version);
  const email = `scorm-${label}-${RUN}@tradeskills.test`;
  await json(
    await request.post('/api/admin/students', {
      data: { firstName: 'Ria', lastName: 'Sparks', email, password: 'TempPass123!', courseId: course.id },
    }),
  );
  return { email };
}

/** A fresh browser (another device) signed in as the student, on the package topic. */
async function openLesson(browser: Browser, width: number, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: viewport(width) });
  expect((await context.request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  if (password === 'TempPass123!') {
    const changed = await context.request.post('/api/user/password', {
      data: { currentPassword: 'TempPass123!', newPassword: NEW_PASSWORD },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /^Continue / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Start Topic: Safe isolation procedure' }).click();
  return page;
}

for (const [width, version] of [
  [390, '1.2'],
  [1280, '2004'],
] as const) {
  test(`a student plays a SCORM ${version} package, resumes on another device and finishes (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport(width));
    await signedIn(page, ADMIN);
    const { email } = await buildCourse(page.request, `w${width}`, version);

    const first = await openLesson(browser, width, email, 'TempPass123!');
    const frame = first.frameLocator('[data-testid="scorm-frame"]');
    // The player and its runtime are a chunk of their own, loaded on this screen only.
    await expect(frame.getByText('Page 1 of 3')).toBeVisible({ timeout: 20_000 });
    await expect(first.getByRole('button', { name: 'Start Topic: After isolation' })).toHaveCount(0);
    await frame.getByRole('button', { name: 'Next' }).click();
    await expect(frame.getByText('Page 2 of 3')).toBeVisible();
    // The package's Commit reached the server.
    await expect(first.getByText(/Progress saved at/)).toBeVisible();
    await first.getByTestId('scorm-frame').scrollIntoViewIfNeeded();
    await keepShot(first, { path: shot(`${width}-playing`) });
    await first.context().close();

    const second = await openLesson(browser, width, email, NEW_PASSWORD);
    const again = second.frameLocator('[data-testid="scorm-frame"]');
    await expect(again.getByText('Page 2 of 3')).toBeVisible({ timeout: 20_000 });
    await second.getByTestId('scorm-frame').scrollIntoViewIfNeeded();
    await keepShot(second, { path: shot(`${width}-resumed`) });
    await again.getByRole('button', { name: 'Next' }).click();
    await expect(again.getByText('Page 3 of 3')).toBeVisible();
    await again.getByRole('button', { name: 'Finish' }).click();
    await expect(again.getByText('Lesson complete.')).toBeVisible();
    await expect(second.getByTestId('topic-progress-line')).toHaveText('Complete');
    await expect(second.getByText('Topic complete')).toBeVisible();
    // The package stays where it is (no reload) once the topic completes.
    await expect(again.getByText('Lesson complete.')).toBeVisible();
    await keepShot(second, { path: shot(`${width}-complete`) });

    await second.getByRole('button', { name: 'Back to Topics' }).click();
    await expect(second.getByRole('button', { name: 'Start Topic: After isolation' })).toBeEnabled();
    await keepShot(second, { path: shot(`${width}-next-open`), fullPage: true });
    await second.context().close();
  });
}

// The content editor (README 'SCORM packages'): an admin attaches a package to a topic through the upload control
// (progress bar, then its version and title), and opens the per-student report.
for (const width of [390, 1280] as const) {
  test(`an admin uploads a SCORM package in the content editor and sees the report (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport(width));
    await signedIn(page, ADMIN);
    const title = `Package editor w${width} ${RUN}`;
    const course = await json<{ id: string }>(
      await page.request.post('/api/admin/courses', {
        data: { title, description: 'Editor journey.', order: 999, isActive: false },
      }),
    );
    const mod = await json<{ id: string }>(
      await page.request.post(`/api/admin/courses/${course.id}/modules`, {
        data: { title: 'Packaged module', description: 'One interactive topic.', order: 1 },
      }),
    );
    await json(
      await page.request.post(`/api/admin/modules/${mod.id}/topics`, {
        data: { title: 'Interactive isolation', description: 'A SCORM lesson.', order: 1 },
      }),
    );
    await json(
      await page.request.post('/api/admin/students', {
        data: {
          firstName: 'Rey',
          lastName: 'Porter',
          email: `scorm-report-${width}-${RUN}@tradeskills.test`,
          password: 'TempPass123!',
          courseId: course.id,
        },
      }),
    );

    await page.getByRole('tab', { name: 'Content' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Manage' })
      .click();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Packaged module' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const card = page.getByTestId('topic-card').filter({ hasText: 'Interactive isolation' });
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Upload SCORM Package' }).click();
    await (await chooser).setFiles({
      name: 'isolation.zip',
      mimeType: 'application/zip',
      buffer: scormZip('2004'),
    });
    await expect(card.getByTestId('scorm-package')).toContainText('SCORM 2004', { timeout: 20_000 });
    await card.getByTestId('scorm-package').scrollIntoViewIfNeeded();
    await keepShot(page, { path: shot(`${width}-admin-package`) });

    await card.getByRole('button', { name: 'Student report for Interactive isolation' }).click();
    const report = page.getByRole('dialog', { name: 'SCORM report: Interactive isolation' });
    await expect(report.getByText('Rey Porter').filter({ visible: true })).toBeVisible();
    await expect(report.getByText('not attempted').filter({ visible: true })).toBeVisible();
    await keepShot(page, { path: shot(`${width}-admin-report`) });
  });
}
