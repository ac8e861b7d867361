// `npm run bench catalog`: GET /api/courses/available against a bare node:http server sending the same bytes (our
// status line, header lines and body, uncompressed as autocannon asks for it), in short alternating slices pooled;
// for context, against a bare server sending the body with only Content-Type and Content-Length (the baseline before
// the API's security and caching header lines, README 'Performance'); and the landing page's initial JavaScript
// (gzipped) from a production build.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed.ts';
import { benchConfig } from './config.ts';
import type { BenchResult } from './run.ts';
import { interleaved, spread } from './slices.ts';

const CONNECTIONS = 50;
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 2);
const ROUNDS = Number(process.env.BENCH_CATALOG_ROUNDS ?? 15);

async function catalogThroughput(): Promise<BenchResult[]> {
  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  await seedDemo(database.db, { studentPassword: 'BenchPass123!' });
  const app = await buildApp(benchConfig(), { database }, { clientDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/courses/available`;
  // The first request fills the catalogue cache; the second is the front door's answer.
  await fetch(appUrl, { headers: { 'accept-encoding': 'identity' } });
  const response = await fetch(appUrl, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? 'application/json';

  // Our header lines as the front door sends them (Date and the connection's own are node:http's in both).
  const ownHeaders: Record<string, string> = {};
  for (const [name, value] of response.headers)
    if (!['date', 'connection', 'keep-alive'].includes(name)) ownHeaders[name] = value;
  const bareUrl = await bareServer((_req, res) => {
    res.writeHead(200, ownHeaders);
    res.end(body);
  });
  const bodyOnlyUrl = await bareServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });

  // 15 rounds in turning order (ours, bare, body only; then bare, body only, ours; ...), 2 s a side a round;
  // the ratios are of the requests each side answered over all rounds (bench/slices.ts).
  const pooled = await interleaved(
    { ours: { url: appUrl }, bare: { url: bareUrl }, bodyOnly: { url: bodyOnlyUrl } },
    { rounds: ROUNDS, sliceS: SLICE_S, connections: CONNECTIONS },
  );
  await app.close();
  await database.close();
  const perSecond = (side: keyof typeof pooled.rate) => pooled.rate[side];
  const ratio = pooled.rate.ours / pooled.rate.bare;
  const bodyOnlyRatio = pooled.rate.ours / pooled.rate.bodyOnly;
  console.log(
    `  /api/courses/available: ${perSecond('ours').toFixed(0)} req/s, bare node:http: ${perSecond('bare').toFixed(0)} req/s (our ${Object.keys(ownHeaders).length} header lines and ${body.length}-byte body); ${ROUNDS} rounds of ${SLICE_S} s, ratio per round ${spread(pooled.ratios('ours', 'bare'))}`,
  );
  console.log(
    `  bare node:http sending the body with 2 header lines: ${perSecond('bodyOnly').toFixed(0)} req/s; ratio per round ${spread(pooled.ratios('ours', 'bodyOnly'))}`,
  );
  return [
    {
      name: 'GET /api/courses/available throughput vs bare node:http',
      value: Number(ratio.toFixed(3)),
      unit: 'ratio',
      baseline: {
        value: Math.round(perSecond('bare')),
        unit: 'req/s',
        label: 'bare node:http, same bytes (our header lines and body)',
      },
      goal: '>= 0.9',
      ok: ratio >= 0.9,
    },
    {
      name: 'GET /api/courses/available vs bare node:http sending the body with 2 header lines (context)',
      value: Number(bodyOnlyRatio.toFixed(3)),
      unit: 'ratio',
      baseline: {
        value: Math.round(perSecond('bodyOnly')),
        unit: 'req/s',
        label: 'bare node:http, same body, Content-Type and Content-Length only',
      },
    },
  ];
}

/** A bare node:http server on a free port, closed when the process ends. */
async function bareServer(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
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
  return [...(await catalogThroughput()), ...(await landingJavaScript())];
}
