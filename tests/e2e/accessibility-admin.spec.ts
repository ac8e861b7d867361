// Axe (WCAG 2.2 AA, axe.ts) on every tab and dialog of the admin console and the quiz screens, at phone and
// desktop widths.
import { test } from '@playwright/test';
import { expect, type Found, scan, scanDialog, signedInContext } from './axe.ts';
import { ADMIN } from './fixtures.ts';

for (const width of [390, 1280]) {
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
}
