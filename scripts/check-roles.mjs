// Lint step (npm run lint): every server file says its role in its name (ARCHITECTURE.md 'Folders'):
// `<name>.<role>.ts`, e.g. `team-settlement.service.ts`, `quiz.repo.ts`, `media-access.policy.ts`.
// Not counted: tests, type declarations, the entry files in ENTRY, a feature's `index.ts`, the database folder
// (client, schema, migrations, seeds) and the API tests' support in src/server/test/. NOT_YET_RENAMED lists the
// files still without a role, none of which runs SQL; it may only shrink: the check fails when a file on it is
// renamed or gone (take it off the list) and when any other file has no role.
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(REPO, 'src/server');
const ROLES = [
  'routes', // HTTP: validate, guard, call one service, present
  'service', // rules; takes its dependencies as arguments
  'repo', // queries other code shares (Drizzle only)
  'presenter', // what leaves the server (JSON, PDF, email parts, audit entries)
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
  'suite',
  'fixtures',
  'test-helper',
];
const ROLE = new RegExp(`\\.(${ROLES.join('|')})\\.ts$|-harness\\.ts$`);
const NOT_COUNTED = /\.test\.ts$|\.d\.ts$/;
const ENTRY = new Set(['main.ts', 'app.ts', 'deps.ts', 'config.ts', 'workers.ts', 'features/index.ts']);
const NOT_COUNTED_DIRS = ['db/', 'test/'];
const NOT_YET_RENAMED = new Set([
  'features/accounts/user-agent.ts',
  'features/apprenticeships/emails.ts',
  'features/apprenticeships/figures.ts',
  'features/apprenticeships/names.ts',
  'features/apprenticeships/review-pdf.ts',
  'features/auth/device-cookies.ts',
  'features/backup/backup-error.ts',
  'features/backup/cli.ts',
  'features/backup/endpoint.ts',
  'features/backup/tar.ts',
  'features/certificates/certificate-email.ts',
  'features/certificates/certificate-links.ts',
  'features/certificates/certificate-pdf.ts',
  'features/certificates/credential.ts',
  'features/certificates/document-loader.ts',
  'features/checkout/checkout-deps.ts',
  'features/checkout/payment-provider.ts',
  'features/checkout/settlement.ts',
  'features/checkout/stripe-provider.ts',
  'features/instalments/instalments-deps.ts',
  'features/invoices/invoice-pdf.ts',
  'features/media/disk-store.ts',
  'features/media/disk-upload.ts',
  'features/media/file-types.ts',
  'features/media/mp4-duration.ts',
  'features/media/object-store.ts',
  'features/media/range.ts',
  'features/media/s3-store.ts',
  'features/messaging/message-stream.ts',
  'features/public-pages/head.ts',
  'features/public-pages/pages.ts',
  'features/public-pages/renderer.ts',
  'features/public-pages/structured-data.ts',
  'features/public-pages/web-app.ts',
  'features/refunds/refund-deps.ts',
  'features/reviews/review-list.ts',
  'features/scorm/cmi.ts',
  'features/scorm/content-token.ts',
  'features/scorm/content-types.ts',
  'features/scorm/manifest.ts',
  'features/scorm/unpack.ts',
  'features/staff/staff-emails.ts',
  'features/teams/team-emails.ts',
  'features/waitlist/waitlist-emails.ts',
  'lib/access-policy.ts',
  'lib/cache.ts',
  'lib/csv.ts',
  'lib/errors.ts',
  'lib/fair-share.ts',
  'lib/logging.ts',
  'lib/mail/templates.ts',
  'lib/mail/transport.ts',
  'lib/password-policy.ts',
  'lib/passwords.ts',
  'lib/pdf.ts',
  'lib/periodic.ts',
  'lib/precompressed.ts',
  'lib/tokens.ts',
  'lib/uuid.ts',
  'plugins/auth.ts',
  'plugins/csrf.ts',
  'plugins/errors.ts',
  'plugins/security-headers.ts',
]);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

const missing = [];
const seen = new Set();
for (const file of files(SERVER)) {
  const rel = path.relative(SERVER, file).split(path.sep).join('/');
  if (NOT_COUNTED.test(rel) || ENTRY.has(rel) || NOT_COUNTED_DIRS.some((dir) => rel.startsWith(dir)))
    continue;
  if (/^features\/[^/]+\/index\.ts$/.test(rel) || ROLE.test(rel)) continue;
  if (NOT_YET_RENAMED.has(rel)) seen.add(rel);
  else missing.push(rel);
}
const stale = [...NOT_YET_RENAMED].filter((rel) => !seen.has(rel));

const problems = [];
if (missing.length)
  problems.push(
    `${missing.length} server file(s) without a role suffix (.${ROLES.join(', .')}):\n  ${missing.join('\n  ')}`,
  );
if (stale.length)
  problems.push(
    `renamed or gone, take off NOT_YET_RENAMED in scripts/check-roles.mjs:\n  ${stale.join('\n  ')}`,
  );
if (problems.length) {
  process.stderr.write(`Role suffixes (ARCHITECTURE.md 'Folders'):\n${problems.join('\n')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`role suffixes: ok (${NOT_YET_RENAMED.size} files not yet renamed, none runs SQL)\n`);
}
