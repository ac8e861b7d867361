// Lint step (npm run lint): every server file says its role in its name (ARCHITECTURE.md 'Folders'):
// `<name>.<role>.ts`, e.g. `team-settlement.service.ts`, `quiz.repo.ts`, `media-access.policy.ts`.
// Not counted: tests, type declarations, the entry files in ENTRY, a feature's `index.ts`, the database folder
// (client, schema, migrations, seeds) and the API tests' support in src/server/test/.
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(REPO, 'src/server');
const ROLES = [
  'routes', // HTTP: validate, guard, call one service, present
  'service', // rules; takes its dependencies as arguments
  'repo', // queries other code shares (Drizzle only)
  'presenter', // what leaves the server (JSON, PDF, page heads, audit entries)
  'emails', // the text of outgoing emails (OutgoingEmail builders and the shared layout)
  'authz', // a feature's cases of the authorization matrix
  'policy', // who may do or read what
  'cache', // in-process caches
  'job',
  'worker', // background loops
  'handler',
  'handlers', // reactions to events, webhooks and jobs
  'schema',
  'registry',
  'types',
  'provider', // a seam to an outside service (payments, mail delivery) and its implementations
  'store', // the object store seam and its implementations (disk, S3)
  'plugin', // Fastify plugins: hooks and guards every route shares, the web app
  'error', // error classes and their factories
  'util', // pure helpers with no state and no I/O of their own (parsing, formatting, hashing)
  'cli', // a command-line entry (npm run backup / restore)
  'suite',
  'fixtures',
  'test-helper',
];
const ROLE = new RegExp(`\\.(${ROLES.join('|')})\\.ts$|-harness\\.ts$`);
const NOT_COUNTED = /\.test\.ts$|\.d\.ts$/;
const ENTRY = new Set(['main.ts', 'app.ts', 'deps.ts', 'config.ts', 'workers.ts', 'features/index.ts']);
const NOT_COUNTED_DIRS = ['db/', 'test/'];

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

const missing = [];
for (const file of files(SERVER)) {
  const rel = path.relative(SERVER, file).split(path.sep).join('/');
  if (NOT_COUNTED.test(rel) || ENTRY.has(rel) || NOT_COUNTED_DIRS.some((dir) => rel.startsWith(dir)))
    continue;
  if (/^features\/[^/]+\/index\.ts$/.test(rel) || ROLE.test(rel)) continue;
  missing.push(rel);
}

if (missing.length) {
  process.stderr.write(
    `Role suffixes (ARCHITECTURE.md 'Folders'): ${missing.length} server file(s) without one ` +
      `(.${ROLES.join(', .')}):\n  ${missing.join('\n  ')}\n`,
  );
  process.exitCode = 1;
} else {
  process.stdout.write('role suffixes: ok\n');
}
