// The server the Playwright journeys run against: a fresh embedded database on every run, a known admin,
// demo content. It serves the already built client (scripts/e2e.mjs builds it first).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3100';
// One data directory per port: the shards of one run (scripts/e2e.mjs) each have a server of their own.
const dataDir = path.join(root, `.tmp/e2e-data-${port}`);

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
  console.error('dist/client is missing: run `npx vite build` first (scripts/e2e.mjs does this).');
  process.exit(1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@tradeskills.test',
    ADMIN_PASSWORD: 'AdminPass123!',
    SEED_DEMO: '1',
    DEMO_STUDENT_PASSWORD: 'StudentPass123!',
    LOG_LEVEL: 'warn',
    // Every journey buys from 127.0.0.1; the per-address payment limit has its own API test at the default.
    PAYMENT_STARTS_PER_IP: '1000',
    // Outgoing mail goes to a loopback SMTP receiver that the checkout journey starts (tests/e2e/checkout.spec.ts);
    // while none listens, emails wait in the outbox and are still listed in the admin mailbox.
    SMTP_URL: process.env.E2E_SMTP_URL ?? `smtp://127.0.0.1:${Number(port) + 2000}`,
  },
});

// Playwright stops the web server with a signal; pass it on so the database closes cleanly.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
