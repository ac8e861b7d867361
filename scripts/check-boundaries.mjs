// Lint step (npm run lint): the server features' boundaries (ARCHITECTURE.md 'Feature boundaries').
// - Imports of a feature's files from outside that feature that bypass its index.ts: must be 0 (Biome refuses
//   them too; this count also covers bench/ and tests/).
// - Features that import each other both ways: must be 0.
// - Layers: a feature that imports no other is level 1, any other is one above the highest it imports: at most 6.
// - The mermaid diagram under 'Feature boundaries' in ARCHITECTURE.md lists exactly the real feature graph.
// Tests are not counted in the graph. `node scripts/check-boundaries.mjs --print` prints the diagram to paste.
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(REPO, 'src/server');
const FEATURES = path.join(SERVER, 'features');
const MAX_LEVELS = 6;
const SCANNED = ['src/server', 'bench', 'tests'];
const TEST_FILE = /\.(test|suite|authz|fixtures|test-helper)\.tsx?$|-harness\.tsx?$/;
const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const features = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') yield* sourceFiles(full);
    } else if (/\.(tsx?|mjs)$/.test(entry.name)) yield full;
  }
}

/** The feature a file belongs to, or null outside src/server/features/<feature>/. */
function featureOf(file) {
  const parts = path.relative(FEATURES, file).split(path.sep);
  return parts[0] !== '..' && parts.length > 1 ? parts[0] : null;
}

function resolveSpecifier(from, specifier) {
  if (specifier.startsWith('#server/')) return path.join(SERVER, specifier.slice('#server/'.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return null;
}

const bypasses = [];
const edges = new Map(features.map((feature) => [feature, new Set()]));
for (const dir of SCANNED) {
  for (const file of sourceFiles(path.join(REPO, dir))) {
    const source = fs.readFileSync(file, 'utf8');
    const from = featureOf(file);
    for (const match of source.matchAll(IMPORT)) {
      const target = resolveSpecifier(file, match[1] ?? match[2]);
      const to = target && featureOf(target);
      if (!to || to === from) continue;
      const viaIndex = path.relative(FEATURES, target) === path.join(to, 'index.ts');
      if (!viaIndex) bypasses.push(`${path.relative(REPO, file)} → ${path.relative(REPO, target)}`);
      if (from && !TEST_FILE.test(file)) edges.get(from).add(to);
    }
  }
}

const twoWay = [];
for (const [a, uses] of edges)
  for (const b of uses) if (a < b && edges.get(b).has(a)) twoWay.push(`${a} ⇄ ${b}`);

const levels = new Map();
const cycles = [];
function levelOf(feature, trail = []) {
  if (levels.has(feature)) return levels.get(feature);
  if (trail.includes(feature)) {
    cycles.push([...trail.slice(trail.indexOf(feature)), feature].join(' → '));
    return Number.POSITIVE_INFINITY;
  }
  let level = 1;
  for (const used of edges.get(feature)) level = Math.max(level, 1 + levelOf(used, [...trail, feature]));
  levels.set(feature, level);
  return level;
}
for (const feature of features) levelOf(feature);
const depth = Math.max(...levels.values());

const edgeList = [...edges].flatMap(([a, uses]) => [...uses].sort().map((b) => `${a} --> ${b}`));
const connected = new Set([...edges].flatMap(([a, uses]) => (uses.size ? [a, ...uses] : [])));
const diagram = [
  'flowchart TD',
  ...edgeList.map((edge) => `  ${edge}`),
  ...features.filter((feature) => !connected.has(feature)).map((feature) => `  ${feature}`),
].join('\n');

if (process.argv.includes('--print')) {
  process.stdout.write(`\`\`\`mermaid\n${diagram}\n\`\`\`\n`);
  process.exit(0);
}

const problems = [];
if (bypasses.length)
  problems.push(`${bypasses.length} import(s) bypass a feature's index.ts:\n  ${bypasses.join('\n  ')}`);
if (twoWay.length) problems.push(`features that import each other: ${twoWay.join(', ')}`);
if (cycles.length) problems.push(`feature cycles: ${[...new Set(cycles)].join('; ')}`);
else if (depth > MAX_LEVELS)
  problems.push(
    `features stack ${depth} levels deep (at most ${MAX_LEVELS}): ${JSON.stringify(Object.fromEntries(levels))}`,
  );

const architecture = fs.readFileSync(path.join(REPO, 'ARCHITECTURE.md'), 'utf8');
const section = architecture.split(/^## /m).find((part) => part.startsWith('Feature boundaries'));
const documented = section?.match(/```mermaid\n([\s\S]*?)```/)?.[1];
if (!documented) {
  problems.push("ARCHITECTURE.md has no mermaid diagram under '## Feature boundaries'");
} else {
  const lines = documented
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('%%') && !/^(flowchart|graph)\b/.test(line));
  const docEdges = new Set(
    lines.filter((line) => line.includes('-->')).map((line) => line.replace(/\s+/g, ' ')),
  );
  const docNodes = new Set(lines.flatMap((line) => line.split('-->').map((name) => name.trim())));
  const realEdges = new Set(edgeList);
  const missing = [...realEdges].filter((edge) => !docEdges.has(edge));
  const extra = [...docEdges].filter((edge) => !realEdges.has(edge));
  const unknown = [...docNodes].filter((node) => !features.includes(node));
  const absent = features.filter((feature) => !docNodes.has(feature));
  if (missing.length || extra.length || unknown.length || absent.length) {
    problems.push(
      [
        "ARCHITECTURE.md's feature diagram differs from the code (node scripts/check-boundaries.mjs --print):",
        ...missing.map((edge) => `  missing: ${edge}`),
        ...extra.map((edge) => `  not in the code: ${edge}`),
        ...unknown.map((node) => `  not a feature: ${node}`),
        ...absent.map((feature) => `  feature not shown: ${feature}`),
      ].join('\n'),
    );
  }
}

if (problems.length) {
  process.stderr.write(
    `Feature boundaries (ARCHITECTURE.md 'Feature boundaries'):\n${problems.join('\n')}\n`,
  );
  process.exitCode = 1;
} else {
  process.stdout.write(
    `feature boundaries: ok (${edgeList.length} feature imports, 0 bypassing index.ts, 0 two-way, ${depth} of at most ${MAX_LEVELS} levels)\n`,
  );
}
