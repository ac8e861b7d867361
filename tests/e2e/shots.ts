import type { Locator, Page } from '@playwright/test';

// Screenshots the journeys keep for people to look at (README 'Development': every screen at 390 and 1280 px).
// They assert nothing, and a full-page capture is one of the costliest things a journey does in the browser, so
// `npm test` turns them off with E2E_SHOTS=0; a journey run on its own keeps them.
export const keepingShots = process.env.E2E_SHOTS !== '0';

type Options = Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0];

/** Saves a screenshot of the page or element, unless E2E_SHOTS=0. */
export async function keepShot(target: Page | Locator, options: Options) {
  if (keepingShots) await target.screenshot(options);
}
