import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

// What the journeys share: the accounts scripts/e2e-server.mjs creates, signing in through the login form, the
// toast region, and an `adminPage` fixture (a second browser, signed in as the admin) for journeys that watch
// one user's action arrive on another's open page.

export interface Account {
  email: string;
  password: string;
}

/** The admin from the server's ADMIN_EMAIL / ADMIN_PASSWORD. */
export const ADMIN: Account = { email: 'admin@tradeskills.test', password: 'AdminPass123!' };
/** The demo student, enrolled in the demo Drainage course. */
export const STUDENT: Account = { email: 'student@tradeskills.local', password: 'StudentPass123!' };

/** Fills in and submits the login form; where the app goes next is the caller's to check. */
export async function signIn(page: Page, who: Account) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in and waits until the app has left the login page. */
export async function signedIn(page: Page, who: Account) {
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The consent box at every checkout (src/shared/consent.ts): buyers tick it before they can pay. */
export const CONSENT = 'Start my course now. I understand I lose my right to cancel once I start.';

/** Ticks the consent box on a checkout page. */
export async function giveConsent(page: Page) {
  await page.getByRole('checkbox', { name: CONSENT }).check();
}

/** The smallest PDF the upload checks take, for file inputs (OTJ evidence, certificates). */
export const tinyPdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

/** The temporary password in the credentials email the server sent `to` (read through the admin mailbox). */
export async function temporaryPassword(admin: APIRequestContext, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const res = await admin.get('/api/admin/mailbox');
      const mail = (
        (await res.json()) as { emails: { to: string; kind: string; text: string }[] }
      ).emails.find((m) => m.to === to && m.kind === 'credentials');
      text = mail?.text ?? '';
      return Boolean(mail);
    })
    .toBe(true);
  return /Temporary password: (\S+)/.exec(text)![1]!;
}

/** The toast region. */
export const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ browser }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await expect(page).toHaveURL('/admin');
    await use(page);
    await context.close();
  },
});

export { expect };

/** The path of the newest staff invitation link mailed to `to` (the admin dev mailbox; `api` signed in as admin). */
export async function invitationLink(api: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const { emails } = (await (await api.get('/api/admin/mailbox')).json()) as {
          emails: { to: string; kind: string; text: string }[];
        };
        const text = emails.find((m) => m.to === to && m.kind === 'staff-invitation')?.text ?? '';
        link = /\/staff\/accept\?token=[\w-]+/.exec(text)?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/**
 * A staff member (docs/staff.md) invited by the admin (`api`) and accepted through the API: their account and id.
 * Each call makes a new person; `tag` names them in the email and surname.
 */
export async function staffMember(api: APIRequestContext, browser: Browser, tag: string, roles: string[]) {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e5)}@staff.example`;
  const password = 'Copper-Lantern-7712';
  const invited = await api.post('/api/admin/staff/invitations', {
    data: { email, firstName: 'Sam', lastName: tag, roles },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const token = new URL(await invitationLink(api, email), 'http://x').searchParams.get('token');
  const context = await browser.newContext();
  expect((await context.request.post('/api/staff/accept', { data: { token, password } })).ok()).toBe(true);
  await context.close();
  const staff = (await (await api.get('/api/admin/staff')).json()) as { userId: string; email: string }[];
  return { email, password, id: staff.find((m) => m.email === email)!.userId };
}

/** Waits until React has hydrated a server-rendered page (src/client/app/hydrated-marker.tsx sets the marker). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking each stop on the way is visible and not
 * under the sticky header.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const problem = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
      const shadow = style.boxShadow !== 'none';
      const rect = el.getBoundingClientRect();
      const header = document.querySelector('header');
      const sticky = header && getComputedStyle(header).position === 'sticky' ? header : null;
      // Hidden when it sits within the header's height and the header is what shows there (a dialog or a
      // toast drawn above the header hides nothing); or when it is above the top of the window.
      const middle = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      const covered =
        rect.bottom <= 0 ||
        (sticky && !sticky.contains(el)
          ? rect.bottom <= sticky.getBoundingClientRect().bottom && Boolean(middle && sticky.contains(middle))
          : false);
      if (!ring && !shadow) return `no visible focus on ${el.outerHTML.slice(0, 120)}`;
      if (covered) return `focus hidden under the sticky header: ${el.outerHTML.slice(0, 120)}`;
      return null;
    });
    expect(problem).toBeNull();
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target} with Tab`);
}
export { keepShot } from './shots.ts';
