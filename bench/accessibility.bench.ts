// `npm run bench accessibility`: Lighthouse 12's accessibility score (README 'Accessibility') on `/`, a course
// page, the student portal's dashboard and the admin console's overview, from a real production server with the
// demo catalogue. The two signed-in pages get a session cookie through Lighthouse's --extra-headers. The goal is
// 100 on each; an audit that fails is printed with its elements. The score does not depend on CPU speed, so one
// run a page is enough.
import { firstCourseUrl, lighthouseReport, startServer, stopServer } from './public-server.ts';
import type { BenchResult } from './run.ts';

interface Audit {
  score: number | null;
  scoreDisplayMode: string;
  title: string;
  details?: { items?: { node?: { snippet?: string } }[] };
}

/** The session cookie of `email` signed in through the API, as a Cookie header. */
async function sessionCookie(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`signing in ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function accessibilityScore(label: string, url: string, headers?: Record<string, string>): BenchResult {
  const report = lighthouseReport(url, ['accessibility'], headers);
  const score = Math.round(report.categories.accessibility.score * 100);
  // A signed-in page that fell back to the login page would score the wrong screen.
  const landed = report.finalDisplayedUrl as string;
  if (new URL(landed).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${landed}`);
  // Lighthouse also runs some audits it gives no weight in the score (axe's experimental rules); they are
  // printed too, marked as not scored.
  const weights = new Map<string, number>(
    (report.categories.accessibility.auditRefs as { id: string; weight: number }[]).map((r) => [
      r.id,
      r.weight,
    ]),
  );
  const failed = Object.entries(report.audits as Record<string, Audit>).filter(
    ([, a]) => a.scoreDisplayMode === 'binary' && a.score === 0,
  );
  console.log(`  ${label}: accessibility ${score}`);
  for (const [id, audit] of failed) {
    console.log(`    ✗ ${id}${weights.get(id) ? '' : ' (not scored)'}: ${audit.title}`);
    for (const item of audit.details?.items?.slice(0, 5) ?? [])
      console.log(`      ${item.node?.snippet ?? ''}`);
  }
  return {
    name: `${label}: Lighthouse accessibility`,
    value: score,
    unit: 'score',
    goal: '100',
    ok: score === 100,
  };
}

export default async function accessibilityBench(): Promise<BenchResult[]> {
  const { base, child, dataDir } = await startServer();
  try {
    const course = await firstCourseUrl(base);
    const student = await sessionCookie(base, 'student@tradeskills.local', 'StudentPass123!');
    const admin = await sessionCookie(base, 'admin@tradeskills.test', 'AdminPass123!');
    return [
      accessibilityScore('/', `${base}/`),
      accessibilityScore('course page', course),
      accessibilityScore('portal dashboard', `${base}/dashboard`, { Cookie: student }),
      accessibilityScore('admin overview', `${base}/admin`, { Cookie: admin }),
    ];
  } finally {
    await stopServer(child, dataDir);
  }
}
