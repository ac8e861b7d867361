import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN } from './fixtures.ts';
import { keepShot } from './shots.ts';

// Consent between parties (docs/team-seats.md): an invoice order placed signed out waits until the owner of the
// email opens the emailed link and confirms it on its page; a seat for an existing account is an invitation the
// member accepts in their portal. At phone and desktop widths, with screenshots.

const SHOTS = 'test-results/seat-invitation';
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const NEW_PASSWORD = 'Quartz-Lantern-8841';

/** The newest email of `kind` to `to` from the admin dev mailbox. */
async function mail(admin: APIRequestContext, to: string, kind: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const res = await admin.get('/api/admin/mailbox');
        const found = (
          (await res.json()) as { emails: { to: string; kind: string; text: string }[] }
        ).emails.find((m) => m.to === to && m.kind === kind);
        text = found?.text ?? '';
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return text;
}

/** Signs in through the API with a temporary password and sets NEW_PASSWORD (a context per person). */
async function settle(request: APIRequestContext, email: string, password: string) {
  expect((await request.post('/api/login', { data: { email, password } })).ok()).toBe(true);
  const changed = await request.post('/api/user/password', {
    data: { currentPassword: password, newPassword: NEW_PASSWORD },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}

for (const width of [390, 1280]) {
  test(`an order is confirmed from its email link, and a member accepts a seat invitation (${width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const adminContext = await browser.newContext();
    const admin = adminContext.request;
    expect((await admin.post('/api/login', { data: ADMIN })).ok()).toBe(true);
    const courses = (await (await admin.get('/api/courses/available')).json()) as {
      id: string;
      title: string;
    }[];
    const teamCourse = courses.find((c) => c.title === 'Groundworks Essentials')!;
    const ownCourse = courses.find((c) => c.id !== teamCourse.id)!;

    // The member already has an account (and a course of their own).
    const memberEmail = unique(`member${width}`);
    const created = await admin.post('/api/admin/students', {
      data: {
        firstName: 'Priya',
        lastName: 'Shah',
        email: memberEmail,
        password: 'Temporary-Pass-123',
        courseId: ownCourse.id,
        company: 'Northern Sparks Ltd',
        jobTitle: 'Electrician',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const memberContext = await browser.newContext({ viewport: { width, height: 900 } });
    await settle(memberContext.request, memberEmail, 'Temporary-Pass-123');

    // Someone orders seats by invoice in the manager's email, signed out: nothing happens until they confirm.
    const managerEmail = unique(`manager${width}`);
    const stranger = await browser.newContext();
    const order = await stranger.request.post('/api/team-orders', {
      data: {
        courseId: teamCourse.id,
        seats: 2,
        company: {
          name: 'Northern Sparks Ltd',
          addressLine1: '4 Cable Row',
          city: 'Leeds',
          postcode: 'LS1 4AP',
        },
        buyer: {
          firstName: 'Robin',
          lastName: 'Ashby',
          email: managerEmail,
          phoneNumber: '0113 496 0000',
          jobTitle: 'Site Manager',
        },
        payBy: 'invoice',
      },
    });
    expect(order.status(), await order.text()).toBe(202);
    const link = /\/team-orders\/confirm\?token=[\w-]+/.exec(
      await mail(admin, managerEmail, 'team_order_confirm'),
    )![0];

    const managerContext = await browser.newContext({ viewport: { width, height: 900 } });
    const managerPage = await managerContext.newPage();
    await managerPage.goto(link);
    await expect(
      managerPage.getByRole('heading', { level: 1, name: 'Confirm your team order' }),
    ).toBeVisible();
    await expect(managerPage.locator('#main').getByText('Groundworks Essentials')).toBeVisible();
    await keepShot(managerPage, { path: `${SHOTS}/confirm-order-${width}.png`, fullPage: true });
    await managerPage.getByRole('button', { name: 'Confirm the order' }).click();
    await expect(managerPage.getByRole('heading', { level: 1, name: 'Order confirmed' })).toBeVisible();
    await keepShot(managerPage, { path: `${SHOTS}/order-confirmed-${width}.png`, fullPage: true });

    // Paid by bank transfer; the manager offers a seat to the member's existing account.
    const orderId = ((await order.json()) as { orderId: string }).orderId;
    expect((await admin.post(`/api/admin/team-orders/${orderId}/mark-paid`)).ok()).toBe(true);
    const password = /Temporary password: (\S+)/.exec(
      await mail(admin, managerEmail, 'team_manager_credentials'),
    )![1]!;
    await settle(managerContext.request, managerEmail, password);
    const seat = await managerContext.request.post(`/api/team/orders/${orderId}/seats`, {
      data: { firstName: 'Typed', lastName: 'Name', email: memberEmail },
    });
    expect(await seat.json()).toMatchObject({ status: 'invited' });
    await managerPage.goto('/team');
    await expect(managerPage.getByText('Invited', { exact: true })).toBeVisible();
    await keepShot(managerPage, { path: `${SHOTS}/team-invited-${width}.png`, fullPage: true });

    // The member sees the invitation in their portal and accepts it.
    const page = await memberContext.newPage();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' })).toBeVisible();
    const invitation = page.getByRole('region', { name: 'Invitations' });
    await expect(
      invitation.getByText('Robin Ashby (Northern Sparks Ltd) offers you a seat on Groundworks Essentials'),
    ).toBeVisible({ timeout: 20_000 });
    await keepShot(page, { path: `${SHOTS}/invitation-${width}.png`, fullPage: true });
    await invitation.getByRole('button', { name: 'Accept: Groundworks Essentials' }).click();
    await expect(page.getByText('Seat accepted').first()).toBeVisible();
    await expect(invitation).toBeHidden();
    await expect(page.getByLabel('Course')).toContainText('Groundworks Essentials');
    await keepShot(page, { path: `${SHOTS}/accepted-${width}.png`, fullPage: true });

    // The manager's team shows the account's own name now.
    await managerPage.reload();
    await expect(managerPage.getByText('Priya Shah')).toBeVisible();
    await expect(managerPage.getByText('Invited', { exact: true })).toBeHidden();

    await stranger.close();
    await memberContext.close();
    await managerContext.close();
    await adminContext.close();
  });
}
