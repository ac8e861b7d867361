import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser journeys against the real server (scripts/e2e-server.mjs) and the built client, in Debian's
// Chromium: Playwright's own browser downloads are not used (no internet at test time).
// E2E_PORT lets several checkouts run their journeys at once on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
// Debian's chromium-headless-shell is the old headless mode, the one Playwright itself runs headless tests in: the
// same engine without the full browser's window and compositor, for about 30% less CPU per journey (the journeys
// are CPU-bound on two cores). Debian's full Chromium when it is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  // `npm test` runs the journeys beside the CPU-bound suites (scripts/test.mjs): a journey gets a minute.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    // A control that never appears fails the step in 15 s instead of waiting out the test's whole timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
