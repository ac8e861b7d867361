// `npm run test:e2e`: builds the client (unless E2E_BUILT=1), then runs the Playwright journeys in Debian's
// Chromium.
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- --grep login`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log(`${CHROMIUM} is missing: installing Debian's chromium package...`);
    const status = run('sh', ['-c', 'apt-get update && apt-get install -y chromium']);
    if (status !== 0 || !fs.existsSync(CHROMIUM)) {
      console.error('Installing chromium failed.');
      process.exit(1);
    }
  } else {
    console.error(`${CHROMIUM} is missing. Install it with:\n\n  sudo apt-get install -y chromium\n`);
    process.exit(1);
  }
}

// `npm test` builds beside the type check and says so with E2E_BUILT=1 (scripts/test.mjs).
if (process.env.E2E_BUILT !== '1') {
  const buildStatus = run(bin('vite'), ['build']);
  if (buildStatus !== 0) {
    console.error('The client build failed.');
    process.exit(buildStatus);
  }
}

process.exit(run(bin('playwright'), ['test', ...process.argv.slice(2)]));
