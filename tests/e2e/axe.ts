// Shared by the axe suites (accessibility-public/-admin/-portal.spec.ts; README 'Accessibility'): WCAG 2.2 AA
// with axe's WCAG 2.0, 2.1 and 2.2 A/AA tags, at phone and desktop widths. Screens are visited in a loop and
// every finding is collected, so one run lists them all. No rule is turned off. The suite is three spec files so
// that `npm test` can deal them to different shards (scripts/e2e.mjs).
import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { reflowProblems } from './reflow.ts';

// Screens load their data after the page; a busy CI machine may take longer than the default 5 s.
export const expect = baseExpect.configure({ timeout: 20_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const RUN = Date.now().toString(36);

export type Found = string[];

/** Runs axe on the page; findings are collected (and appended to the file AXE_LOG names, to follow a run). */
export async function scan(page: Page, what: string, found: Found, include?: string) {
  if (process.env.AXE_LOG) appendFileSync(process.env.AXE_LOG, `scan ${what}\n`);
  // A screen is scanned once it has loaded: a loader fades in, and a half-faded label reads as low contrast.
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
  // Legacy mode runs axe in the page itself. The default mode opens a blank page for every scan to merge the
  // frames' results, which cost a third of the suite's browser time; the screens scanned here have no frames.
  let builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
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
export async function scanDialog(page: Page, what: string, found: Found, open: Locator) {
  await open.click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
  await expect(dialog).toBeVisible();
  await scan(page, `${what} (dialog)`, found);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

export async function signedInContext(
  browser: Browser,
  width: number,
  who: { email: string; password: string },
) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  expect((await context.request.post('/api/login', { data: who })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** A new student (through the admin API), signed in with the temporary password replaced. */
export async function newStudent(browser: Browser, admin: Page, width: number, tag: string) {
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

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
