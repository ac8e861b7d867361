// `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) and prints one table.
// Each benchmark measures our code side by side with a baseline in the same run and states its goal.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline?: { value: number; unit: string; label: string };
  goal?: string;
  ok?: boolean;
}

export type Benchmark = () => Promise<BenchResult[]>;

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)))
  .sort();

const results: BenchResult[] = [];
for (const file of files) {
  console.log(`\n━━ ${file} ━━`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: Benchmark };
  const out = await mod.default();
  for (const r of out) {
    const base = r.baseline
      ? ` (baseline ${r.baseline.label}: ${fmt(r.baseline.value)} ${r.baseline.unit})`
      : '';
    console.log(
      `  ${r.name}: ${fmt(r.value)} ${r.unit}${base}${r.goal ? ` — goal ${r.goal}: ${r.ok ? 'met' : 'NOT met'}` : ''}`,
    );
  }
  results.push(...out);
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 3 : 1);
}

console.log('\nSummary');
for (const r of results)
  console.log(
    `  ${r.ok === false ? '✗' : '✓'} ${r.name}: ${fmt(r.value)} ${r.unit}${r.goal ? ` (goal ${r.goal})` : ''}`,
  );
fs.mkdirSync(path.join(dir, 'results'), { recursive: true });
fs.writeFileSync(path.join(dir, 'results', 'latest.json'), JSON.stringify(results, null, 2));
