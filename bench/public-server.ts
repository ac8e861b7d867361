// The production server the public-page benchmarks measure (`npm run bench public`, `npm run bench accessibility`):
// the client built, `npm start`'s server on a free port with the demo catalogue, the known admin and demo student.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const CHROMIUM = '/usr/bin/chromium';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const built = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('vite build failed');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, `.tmp/bench-public-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Canonical links must point at the address Lighthouse loads, or its SEO audit fails them as foreign.
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ADMIN_EMAIL: 'admin@tradeskills.test',
      ADMIN_PASSWORD: 'AdminPass123!',
      DEMO_STUDENT_PASSWORD: 'StudentPass123!',
      LOG_LEVEL: 'warn',
    },
  });
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child, dataDir };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

export async function stopServer(child: ChildProcess, dataDir: string) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * One Lighthouse 12 run (mobile, its defaults) of `categories` on `url`, as its JSON report. `headers` go with
 * every request the page makes (a session cookie for a signed-in page). A run in which Lighthouse could not record
 * the page (its runtime errors, such as NO_NAVSTART, come with no figures) is made again, up to 3 times.
 */
export function lighthouseReport(url: string, categories: string[], headers?: Record<string, string>) {
  const out = path.join(root, `.tmp/lighthouse-${process.pid}.json`);
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        url,
        `--chrome-path=${CHROMIUM}`,
        '--chrome-flags=--headless=new --no-sandbox',
        `--only-categories=${categories.join(',')}`,
        ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (result.status === 0) {
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      fs.rmSync(out, { force: true });
      return report;
    }
    if (attempt === 3) throw new Error(`lighthouse failed on ${url} ${attempt} times`);
    console.log(`  Lighthouse could not record ${url}; running it again`);
  }
}

/** The first course page the sitemap lists. */
export async function firstCourseUrl(base: string) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const course = sitemap.match(/<loc>([^<]*\/courses\/[^<]+)<\/loc>/)?.[1];
  if (!course) throw new Error('no course in the sitemap');
  return course;
}
