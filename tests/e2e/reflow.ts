import type { Page } from '@playwright/test';

// Reflow at 320 CSS px (WCAG 1.4.10; README 'Accessibility'): 320 px is a 1280 px screen zoomed to 400%. The page
// must scroll one way only: the document is no wider than the viewport. Data tables and charts may scroll inside
// a container of their own, so anything inside an element that clips or scrolls sideways is left alone.

export const REFLOW_WIDTH = 320;

/**
 * Narrows the page to 320 px, lists what sticks out sideways (the document, or an open dialog's panel), and puts
 * the viewport back. With A11Y_SHOTS=dir a full-page screenshot at 320 px is kept as dir/<name>.png.
 */
export async function reflowProblems(page: Page, what: string): Promise<string[]> {
  const size = page.viewportSize();
  if (!size) return [];
  await page.setViewportSize({ width: REFLOW_WIDTH, height: size.height });
  try {
    // Two frames: the resize is laid out and any resize handler has run.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
    const problems = await page.evaluate(() => {
      const root = document.documentElement;
      const vw = root.clientWidth;
      const label = (el: Element) => {
        const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4) : [];
        const text = (el.textContent ?? '').trim().slice(0, 40);
        return `<${el.tagName.toLowerCase()}${cls.length ? ` class="${cls.join(' ')}…"` : ''}>${text}`;
      };
      /** Inside a container that clips or scrolls sideways (a table or chart's own scroller). */
      const contained = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        return false;
      };
      const out: string[] = [];
      if (root.scrollWidth > vw) {
        out.push(`the page is ${root.scrollWidth} px wide at ${vw} px`);
        for (const el of document.body.querySelectorAll('*')) {
          const right = el.getBoundingClientRect().right;
          const parent = el.parentElement?.getBoundingClientRect().right ?? 0;
          if (right > vw + 1 && parent <= vw + 1 && !contained(el)) out.push(`sticks out: ${label(el)}`);
          if (out.length > 6) break;
        }
      }
      for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))
        if (dialog.scrollWidth > dialog.clientWidth + 1)
          out.push(`the dialog scrolls sideways (${dialog.scrollWidth} px in ${dialog.clientWidth} px)`);
      return out;
    });
    if (process.env.A11Y_SHOTS) {
      const file = what.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'landing';
      await page.screenshot({ path: `${process.env.A11Y_SHOTS}/${file}.png`, fullPage: true });
    }
    return problems.map((p) => `${what} at ${REFLOW_WIDTH} px: ${p}`);
  } finally {
    await page.setViewportSize(size);
  }
}
