// Lint step (npm run lint): the app's long-lived collaborators are made only in the composition root,
// src/server/deps.ts (ARCHITECTURE.md 'Composition root'). Outside it and outside tests, no server file may
// construct a payment provider, object store, mail transport, in-process cache (sessions, learning, catalogue,
// pages) or the message hub, or keep a per-config/per-database singleton; and no route file hands the Fastify
// app itself to a function (services take their dependencies as arguments).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', 'src/server');
// deps.ts is the root; transport.provider.ts is the mail factory it calls; invalidation.service.ts is the per-database
// notification bus (its handlers belong to the Database object, like LISTEN itself).
const ALLOWED = new Set(['deps.ts', 'lib/mail/transport.provider.ts', 'lib/invalidation.service.ts']);
const FORBIDDEN = [
  /new (StripeProvider|TestPaymentProvider|DiskObjectStore|S3ObjectStore)\(/,
  /\bcreateTransport\(/,
  /new WeakMap<(AppConfig|Db|Database)\b/,
  /new (SessionResolver|LearningCache|CatalogCache|PageCache)\(/,
  /(?<!function )\bcreateMessageHub\(/,
];
const ROUTE_FILE = /\.routes\.ts$/;
const PASSES_APP = /\w\((?:app|this\.app)\s*[,)]/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') yield* files(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|suite)\.tsx?$/.test(entry.name)) yield full;
  }
}

const problems = [];
for (const file of files(ROOT)) {
  const relative = path.relative(ROOT, file);
  if (ALLOWED.has(relative)) continue;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (line.trimStart().startsWith('//') || line.trimStart().startsWith('*')) return;
    for (const pattern of FORBIDDEN) {
      if (pattern.test(line)) problems.push(`src/server/${relative}:${index + 1}: ${line.trim()}`);
    }
    if (ROUTE_FILE.test(relative) && PASSES_APP.test(line))
      problems.push(`src/server/${relative}:${index + 1}: passes the app: ${line.trim()}`);
  });
}

if (problems.length) {
  process.stderr.write(
    `Made outside the composition root (src/server/deps.ts makes these once and hands them on):\n${problems.join('\n')}\n`,
  );
  process.exitCode = 1;
} else {
  process.stdout.write('composition root: ok\n');
}
