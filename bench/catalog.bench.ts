// `npm run bench catalog`: GET /api/courses/available against a bare node:http server sending the same body
// (uncompressed, as autocannon asks for it), in alternating rounds;
// and the landing page's initial JavaScript (gzipped) from a production build.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { build } from 'vite';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed.ts';
import type { BenchResult } from './run.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_CATALOG_ROUNDS ?? 5);

async function rps(url: string): Promise<number> {
  // Warm up, then measure; the load generator runs in its own thread so it does not share the servers' event loop.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, workers: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function catalogThroughput(): Promise<BenchResult> {
  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  await seedDemo(database.db, { studentPassword: 'BenchPass123!' });
  const app = await buildApp(testConfig({ logLevel: 'silent' }), { database }, { clientDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/courses/available`;
  const response = await fetch(appUrl, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? 'application/json';

  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  // Alternating rounds (ours, bare, bare, ours, ...): a busy neighbour slows both sides of a round alike, and the
  // median round's ratio is reported (BENCH_CATALOG_ROUNDS, 5 by default).
  const ratios: number[] = [];
  let ours = 0;
  let baseline = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const [first, second] = round % 2 ? [bareUrl, appUrl] : [appUrl, bareUrl];
    const a = await rps(first);
    const b = await rps(second);
    const [app_, bare_] = round % 2 ? [b, a] : [a, b];
    ratios.push(app_ / bare_);
    ours += app_ / ROUNDS;
    baseline += bare_ / ROUNDS;
  }
  await app.close();
  await database.close();
  await new Promise<void>((resolve) => bare.close(() => resolve()));
  ratios.sort((x, y) => x - y);
  const ratio = ratios[Math.floor(ratios.length / 2)]!;
  console.log(
    `  /api/courses/available: ${ours.toFixed(0)} req/s, bare node:http: ${baseline.toFixed(0)} req/s (${body.length} bytes); ratio per round ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
  );
  return {
    name: 'GET /api/courses/available throughput vs bare node:http',
    value: Number(ratio.toFixed(3)),
    unit: 'ratio',
    baseline: { value: Math.round(baseline), unit: 'req/s', label: 'bare node:http, same bytes' },
    goal: '>= 0.9',
    ok: ratio >= 0.9,
  };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

async function landingJavaScript(): Promise<BenchResult[]> {
  const root = path.resolve(import.meta.dirname, '..');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-build-'));
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const landingKey = Object.keys(manifest).find((k) =>
    k.endsWith('features/catalog/pages/landing-page.tsx'),
  )!;
  // The entry and the landing page chunk, with everything they import statically.
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const child of manifest[key]!.imports ?? []) visit(child);
  };
  visit(entryKey);
  visit(landingKey);
  let gzipped = 0;
  for (const key of initial) {
    gzipped += zlib.gzipSync(fs.readFileSync(path.join(outDir, manifest[key]!.file)), { level: 9 }).length;
  }
  const leaked = [...initial].filter((k) => /features\/(learning|admin)\//.test(k));
  fs.rmSync(outDir, { recursive: true, force: true });
  const kb = gzipped / 1024;
  console.log(`  landing initial JS: ${initial.size} chunks, ${kb.toFixed(1)} KB gzipped`);
  return [
    {
      name: 'Landing page initial JavaScript (gzip)',
      value: Number(kb.toFixed(1)),
      unit: 'KB',
      goal: '<= 130 KB',
      ok: kb <= 130,
    },
    {
      name: 'Student/admin modules in the landing page JavaScript',
      value: leaked.length,
      unit: 'modules',
      goal: '0',
      ok: leaked.length === 0,
    },
  ];
}

export default async function catalogBench(): Promise<BenchResult[]> {
  return [await catalogThroughput(), ...(await landingJavaScript())];
}
