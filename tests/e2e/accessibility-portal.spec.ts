// Axe (WCAG 2.2 AA, axe.ts) on the student portal, account, apprenticeship and team screens, at phone and desktop
// widths.
import { test } from '@playwright/test';
import { day, expect, type Found, newStudent, scan, signedInContext } from './axe.ts';
import { ADMIN, STUDENT } from './fixtures.ts';

for (const width of [390, 1280]) {
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
