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

// The journeys run in chromium-headless-shell where it is installed (playwright.config.ts); both come from Debian.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const missing = [
  !fs.existsSync(CHROMIUM) && 'chromium',
  !fs.existsSync(HEADLESS_SHELL) && 'chromium-headless-shell',
].filter(Boolean);
if (missing.length) {
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian's ${missing.join(' and ')}...`);
    const status = run('sh', ['-c', `apt-get update && apt-get install -y ${missing.join(' ')}`]);
    if (!fs.existsSync(CHROMIUM)) {
      console.error('Installing chromium failed.');
      process.exit(1);
    }
    if (status !== 0) console.log('Installing failed: the journeys run in the full browser.');
  } else if (!fs.existsSync(CHROMIUM)) {
    console.error(
      `${CHROMIUM} is missing. Install it with:\n\n  sudo apt-get install -y chromium chromium-headless-shell\n`,
    );
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
 * port (E2E_PORT + 50 × its index: journeys start side servers at E2E_PORT + 10 and + 40) and a share of the spec files, so no journey sees another's data. The journeys
 * leave a core partly idle each, so `npm test` runs three on two cores (scripts/test.mjs).
 * Each shard's output is printed in one piece when it ends; their JSON reports are summed into
 * PLAYWRIGHT_JSON_OUTPUT_NAME.
 *
 * Without file filters in the arguments, the spec files are dealt out by how long each took
 * (tests/e2e/durations.json, longest first to the shard with the least so far), so the shards end together;
 * Playwright's own --shard counts tests, and the axe suite alone outweighed a dozen short files. A spec that
 * is not in the table counts as the median. With file filters, or without the table, Playwright's --shard splits
 * the files.
 */
function dealByDuration(count) {
  const dir = path.join(root, 'tests/e2e');
  const specs = fs.readdirSync(dir).filter((f) => f.endsWith('.spec.ts'));
  const table = path.join(dir, 'durations.json');
  if (!fs.existsSync(table)) return null;
  const known = JSON.parse(fs.readFileSync(table, 'utf8'));
  const values = Object.values(known).sort((a, b) => a - b);
  const median = values.length ? values[Math.floor(values.length / 2)] : 1;
  const weight = (f) => known[f] ?? median;
  const shards = Array.from({ length: count }, () => ({ total: 0, files: [] }));
  for (const file of specs.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((a, b) => (b.total < a.total ? b : a));
    lightest.total += weight(file);
    lightest.files.push(file);
  }
  // Each file as an anchored pattern: Playwright reads the arguments as regular expressions on the path.
  return shards.map((s) => s.files.map((f) => `tests/e2e/${f.replaceAll('.', '\\.')}$`));
}

async function runShards(count) {
  const { spawn } = await import('node:child_process');
  const base = Number(process.env.E2E_PORT ?? 3100);
  const jsonOut = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  const tmp = path.join(root, '.tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const filtered = process.argv.slice(2).some((arg) => !arg.startsWith('-'));
  const dealt = filtered ? null : dealByDuration(count);
  const shard = (index) =>
    new Promise((resolve) => {
      const log = path.join(tmp, `e2e-shard-${index}.log`);
      const out = fs.openSync(log, 'w');
      const child = spawn(
        bin('playwright'),
        [
          'test',
          ...(dealt ? dealt[index - 1] : [`--shard=${index}/${count}`]),
          `--output=test-results/shard-${index}`,
          ...process.argv.slice(2),
        ],
        {
          cwd: root,
          stdio: ['ignore', out, out],
          env: {
            ...process.env,
            E2E_PORT: String(base + 50 * (index - 1)),
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
    const suites = [];
    for (let i = 1; i <= count; i++) {
      const file = `${jsonOut}.shard-${i}`;
      // A shard that wrote no report (its server did not start, say) counts as one failure.
      if (!fs.existsSync(file)) {
        stats.unexpected++;
        continue;
      }
      const report = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const key of Object.keys(stats)) stats[key] += report.stats?.[key] ?? 0;
      suites.push(...(report.suites ?? []));
    }
    // The suites too, so that npm test can name the failing journeys (scripts/test.mjs).
    fs.writeFileSync(jsonOut, JSON.stringify({ stats, suites }));
    writeDurations(Array.from({ length: count }, (_, i) => `${jsonOut}.shard-${i + 1}`));
  }
  return codes.every((code) => code === 0) ? 0 : 1;
}

/**
 * Seconds per spec file from the shards' JSON reports, to .tmp/e2e-durations.json: copy it over
 * tests/e2e/durations.json after adding or growing a journey (README 'Development').
 */
function writeDurations(reports) {
  const seconds = {};
  const visit = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          seconds[path.basename(here)] = (seconds[path.basename(here)] ?? 0) + result.duration / 1000;
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const report of reports) {
    if (!fs.existsSync(report)) continue;
    for (const suite of JSON.parse(fs.readFileSync(report, 'utf8')).suites ?? []) visit(suite, suite.file);
  }
  const sorted = Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, s]) => [file, Math.round(s)]),
  );
  fs.writeFileSync(path.join(root, '.tmp/e2e-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
}
