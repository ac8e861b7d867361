// `npm test`: every suite, then one line totalling them: "N passed, M failed" (README 'Development').
//   1. The CPU-bound steps side by side: types, lint, the client build, the unit + component + API tests on PGlite
//      and the API tests on PostgreSQL (when TEST_DATABASE_URL is set).
//      Three Vitest workers each, so both cores stay busy while some tests wait on timers or the server.
//   2. The browser journeys (Playwright) on that build, in three shards: in the headless shell a shard keeps about
//      0.7 of a core busy, so two left the machine 29% idle and three fill it (the journeys beside step 1 only made
//      every wait longer).
// A step's output is printed in one piece when it ends. `npm test -- api e2e` style names pick steps:
// types, lint, unit, postgres, e2e.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);
const wanted = (name) => !only.length || only.includes(name);
const workers = `--maxWorkers=${process.env.VITEST_WORKERS ?? 3}`;
const bothDatabases = Boolean(process.env.TEST_DATABASE_URL) && wanted('unit') && wanted('postgres');

let passed = 0;
let failed = 0;
const summary = [];
// The names of failing tests, repeated beside the total: CI keeps only the tail of the output.
const failures = [];
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs one step, writing to .tmp/<name>.log, which is printed when the step ends (steps run side by side). */
function run(name, command, args, { env = {} } = {}) {
  const log = path.join(tmp, `${name}.log`);
  const since = Date.now();
  console.log(`\n━━ ${name} ━━ started (output when it ends; ${path.relative(root, log)})`);
  return new Promise((resolve) => {
    const out = fs.openSync(log, 'w');
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    const done = (ok) => {
      fs.closeSync(out);
      console.log(`\n━━ ${name} ━━ (${seconds(since)})\n${fs.readFileSync(log, 'utf8').trimEnd()}`);
      resolve(ok);
    };
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

async function check(name, command, args) {
  const ok = await run(name, command, args);
  ok ? passed++ : failed++;
  summary.push(`${name}: ${ok ? 'ok' : 'FAILED'}`);
}

function countJson(name, file, ok, read) {
  if (!fs.existsSync(file)) {
    failed++;
    summary.push(`${name}: did not run`);
    return;
  }
  const [p, f] = read(JSON.parse(fs.readFileSync(file, 'utf8')));
  // A runner that exits non-zero with nothing counted as failing still failed.
  const extra = !ok && f === 0 ? 1 : 0;
  passed += p;
  failed += f + extra;
  summary.push(`${name}: ${p} passed, ${f + extra} failed`);
}

async function vitest(name, projects, env, extra = []) {
  const out = path.join(tmp, `vitest-${name}.json`);
  fs.rmSync(out, { force: true });
  const args = [
    'run',
    ...extra,
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  // With both databases in this run, the suites that need only one run on one (vitest.config.ts).
  const ok = await run(name, bin('vitest'), args, {
    env: { ...env, ...(bothDatabases ? { TEST_DB_PAIR: '1' } : {}) },
  });
  countJson(name, out, ok, (r) => {
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      if (file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed')) {
        failures.push(`${name}: ${where}: ${(file.message ?? 'failed').split('\n')[0]}`);
      }
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed') failures.push(`${name}: ${where} › ${t.fullName}`);
      }
    }
    return [r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)];
  });
}

async function journeys() {
  const out = path.join(tmp, 'playwright.json');
  fs.rmSync(out, { force: true });
  const ok = await run(
    'e2e',
    process.execPath,
    [path.join(root, 'scripts/e2e.mjs'), '--reporter=list,json'],
    {
      env: {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        E2E_BUILT: '1',
        E2E_SHARDS: process.env.E2E_SHARDS ?? '3',
        // The screenshots journeys keep for people to look at assert nothing (tests/e2e/shots.ts).
        E2E_SHOTS: process.env.E2E_SHOTS ?? '0',
      },
    },
  );
  countJson('e2e', out, ok, (r) => {
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') failures.push(`e2e: ${file} › ${spec.title} (${t.projectName})`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of r.suites ?? []) walk(suite, suite.file);
    return [r.stats.expected + r.stats.flaky, r.stats.unexpected];
  });
}

// 1. The CPU-bound steps.
let built = true;
await Promise.all([
  wanted('types') && check('types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  // Biome (format, rules, import cycles and boundaries), knip, the composition and documentation checks.
  wanted('lint') && check('lint', 'npm', ['run', '--silent', 'lint']),
  wanted('e2e') &&
    run('build', bin('vite'), ['build']).then((ok) => {
      built = ok;
      if (!ok) summary.push('build: FAILED (the browser journeys did not run)');
    }),
  // One Vitest process per database, VITEST_WORKERS (3) workers each.
  wanted('unit') && vitest('unit', ['unit', 'components', 'api'], { TEST_DB: 'pglite' }, [workers]),
  wanted('postgres') &&
    (process.env.TEST_DATABASE_URL
      ? vitest('postgres', ['api'], { TEST_DB: 'postgres' }, [workers])
      : console.log('\nTEST_DATABASE_URL is not set: the API tests ran on PGlite only.')),
]);

// 2. The browser journeys (scripts/e2e.mjs without its own build).
if (wanted('e2e')) {
  if (built) await journeys();
  else failed++;
}

if (failures.length) console.log(`\nfailing:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${summary.join('\n')}\n(${seconds(started)})`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
