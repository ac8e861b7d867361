// `npm test`: every suite in order (types, lint, unit + component + API on PGlite, API on PostgreSQL when
// TEST_DATABASE_URL is set, browser journeys), then one line totalling them: "N passed, M failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2); // e.g. `npm test -- api e2e`

let passed = 0;
let failed = 0;
const summary = [];

function run(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(name, command, args) {
  if (only.length && !only.includes(name)) return;
  const ok = run(name, command, args);
  ok ? passed++ : failed++;
  summary.push(`${name}: ${ok ? 'ok' : 'FAILED'}`);
}

function vitest(name, projects, env = {}) {
  if (only.length && !only.includes(name)) return;
  const out = path.join(tmp, `vitest-${name}.json`);
  fs.rmSync(out, { force: true });
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const ok = run(name, bin('vitest'), args, env);
  countJson(name, out, ok, (r) => [r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)]);
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

check('types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
check('lint', 'npm', ['run', '--silent', 'lint']); // Biome (format, rules, import cycles and boundaries) and knip
vitest('unit', ['unit', 'components', 'api'], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('postgres', ['api'], { TEST_DB: 'postgres' });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API tests ran on PGlite only.');
}
if (!only.length || only.includes('e2e')) {
  const out = path.join(tmp, 'playwright.json');
  fs.rmSync(out, { force: true });
  const ok = run('e2e', process.execPath, [path.join(root, 'scripts/e2e.mjs'), '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  countJson('e2e', out, ok, (r) => [r.stats.expected + r.stats.flaky, r.stats.unexpected]);
}

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
