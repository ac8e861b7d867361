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

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
if (shards === 1) process.exit(run(bin('playwright'), ['test', ...process.argv.slice(2)]));
process.exit(await runShards(shards));

/**
 * E2E_SHARDS=N (default 1): N Playwright processes side by side, each with its own server, database and
 * port (E2E_PORT + 5 × its index) and a share of the spec files, so no journey sees another's data. The journeys
 * mostly wait on the browser and the server, so `npm test` runs two (three were no faster on two cores).
 * Each shard's output is printed in one piece when it ends; their JSON reports are summed into
 * PLAYWRIGHT_JSON_OUTPUT_NAME.
 */
async function runShards(count) {
  const { spawn } = await import('node:child_process');
  const base = Number(process.env.E2E_PORT ?? 3100);
  const jsonOut = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  const tmp = path.join(root, '.tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const shard = (index) =>
    new Promise((resolve) => {
      const log = path.join(tmp, `e2e-shard-${index}.log`);
      const out = fs.openSync(log, 'w');
      const child = spawn(
        bin('playwright'),
        [
          'test',
          `--shard=${index}/${count}`,
          `--output=test-results/shard-${index}`,
          ...process.argv.slice(2),
        ],
        {
          cwd: root,
          stdio: ['ignore', out, out],
          env: {
            ...process.env,
            E2E_PORT: String(base + 5 * (index - 1)),
            ...(jsonOut ? { PLAYWRIGHT_JSON_OUTPUT_NAME: `${jsonOut}.shard-${index}` } : {}),
          },
        },
      );
      child.on('close', (code) => {
        fs.closeSync(out);
        console.log(
          `\n── journeys, shard ${index} of ${count} ──\n${fs.readFileSync(log, 'utf8').trimEnd()}`,
        );
        resolve(code ?? 1);
      });
    });
  const codes = await Promise.all(Array.from({ length: count }, (_, i) => shard(i + 1)));
  if (jsonOut) {
    const stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (let i = 1; i <= count; i++) {
      const file = `${jsonOut}.shard-${i}`;
      if (!fs.existsSync(file)) continue;
      const report = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const key of Object.keys(stats)) stats[key] += report.stats?.[key] ?? 0;
    }
    fs.writeFileSync(jsonOut, JSON.stringify({ stats }));
  }
  return codes.every((code) => code === 0) ? 0 : 1;
}
