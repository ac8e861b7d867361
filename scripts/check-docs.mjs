// `npm run lint` runs this: the documentation that code and docs point at exists.
// - A citation of a file in the repo (`docs/product.md`, `docs/decisions/0015-payment-row-first.md`) names a file
//   that exists, and its `#anchor` a heading of that file.
// - A cited section (README 'Limits and bad input', ARCHITECTURE.md "Access policy",
//   docs/apprenticeships.md "Employer contact and reviews") is a heading of that document.
// - Relative links in the Markdown documents lead to files that exist.
// - Nothing cites an issue tracker's numbers: comments and docs cite documents in the repo.
// - Every decision record (docs/decisions/NNNN-*.md) opens with `Date: YYYY-MM-DD` and `Status: …`.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['src', 'tests', 'scripts', 'bench'];
const SOURCE_FILE = /\.(ts|tsx|mjs|js|css)$/;
const ROOT_FILES = [
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'drizzle.config.ts',
  'knip.jsonc',
];
const problems = [];

function walk(dir, keep, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep.test(entry.name)) out.push(full);
  }
  return out;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const headingCache = new Map();
function headings(file) {
  if (!headingCache.has(file)) {
    const titles = [];
    let fenced = false;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const match = !fenced && /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
      if (match) titles.push(match[1].replace(/`/g, ''));
    }
    headingCache.set(file, titles);
  }
  return headingCache.get(file);
}

/** A section named in prose matches a heading exactly, or a heading whose parenthesised remark is left off. */
function hasSection(file, name) {
  const wanted = name.trim().toLowerCase();
  return headings(file).some((h) => {
    const title = h.toLowerCase();
    return title === wanted || title.replace(/\s*\(.*\)$/, '') === wanted;
  });
}

const hasAnchor = (file, anchor) => headings(file).some((h) => slug(h) === anchor.toLowerCase());

function report(file, lineNo, message) {
  problems.push(`${path.relative(root, file)}:${lineNo}: ${message}`);
}

const DOC_PATH = /\bdocs\/[\w./-]*\w(?:#[\w-]+)?/g;
const NAMED_DOC = { README: 'README.md', 'README.md': 'README.md', 'ARCHITECTURE.md': 'ARCHITECTURE.md' };
// README 'Limits and bad input', README.md ('Certificates'), ARCHITECTURE.md "Access policy",
// docs/apprenticeships.md "Employer contact and reviews": the quoted words right after the document's name.
const SECTION =
  /\b(README(?:\.md)?|ARCHITECTURE\.md|docs\/[\w./-]+\.md)\b,?\s*\(?\s*(['"“])([^'"”]{2,80})['"”]/g;
const ISSUE = /\b(?:issue|pull request|PR)\s*#?\d+\b|(?:^|[\s(])#\d{1,4}\b(?![\w-])/i;

function checkPathCitation(file, lineNo, cited) {
  const [target, anchor] = cited.split('#');
  // API paths such as /api/docs/json are not documents.
  if (!/\.md$/.test(target) && !/^docs\/decisions\/\d{4}$/.test(target)) return;
  const candidates = /^docs\/decisions\/\d{4}$/.test(target)
    ? fs
        .readdirSync(path.join(root, 'docs/decisions'))
        .filter((name) => name.startsWith(path.basename(target)))
        .map((name) => path.join(root, 'docs/decisions', name))
    : [path.join(root, target)];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) return report(file, lineNo, `cites ${target}, which does not exist`);
  if (anchor && !hasAnchor(found, anchor))
    report(file, lineNo, `cites ${cited}: no such heading in ${target}`);
}

function checkLine(file, lineNo, line) {
  for (const [cited] of line.matchAll(DOC_PATH)) checkPathCitation(file, lineNo, cited);
  // `docs/product.md#data, #validation`: further anchors of the same document.
  const more = /\bdocs\/([\w./-]+\.md)#[\w-]+((?:,\s*#[\w-]+)+)/.exec(line);
  if (more) {
    for (const [, anchor] of more[2].matchAll(/#([\w-]+)/g)) {
      if (!hasAnchor(path.join(root, 'docs', more[1]), anchor))
        report(file, lineNo, `cites docs/${more[1]}#${anchor}: no such heading`);
    }
  }
  for (const [, doc, , section] of line.matchAll(SECTION)) {
    const target = path.join(root, NAMED_DOC[doc] ?? doc);
    if (fs.existsSync(target) && !hasSection(target, section))
      report(file, lineNo, `cites ${doc} '${section}': no such section`);
  }
  if (ISSUE.test(line)) report(file, lineNo, 'cites an issue number (cite a document in the repo instead)');
}

/** The comment text of a source line (whole-line and trailing comments; JSDoc and block comment lines). */
function commentOf(line, inBlock) {
  const trimmed = line.trim();
  if (inBlock || trimmed.startsWith('/*') || trimmed.startsWith('*')) return trimmed;
  const at = line.search(/(^|[^:'"`\\])\/\/ /);
  return at >= 0 ? line.slice(at) : '';
}

const sources = [
  ...SOURCE_DIRS.flatMap((dir) => walk(path.join(root, dir), SOURCE_FILE)),
  ...ROOT_FILES.map((name) => path.join(root, name)).filter((file) => fs.existsSync(file)),
];
for (const file of sources) {
  if (file === path.join(root, 'scripts/check-docs.mjs')) continue;
  let inBlock = false;
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const comment = commentOf(line, inBlock);
      if (line.includes('/*') && !line.includes('*/')) inBlock = true;
      else if (line.includes('*/')) inBlock = false;
      if (comment) checkLine(file, i + 1, comment);
    });
}

const markdown = [
  path.join(root, 'README.md'),
  path.join(root, 'ARCHITECTURE.md'),
  ...walk(path.join(root, 'docs'), /\.md$/),
  ...walk(path.join(root, 'src'), /\.md$/),
];
for (const file of markdown) {
  let fenced = false;
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.startsWith('```')) fenced = !fenced;
      if (fenced) return;
      for (const [, link] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(link)) continue;
        const [target, anchor] = link.split('#');
        const resolved = target ? path.resolve(path.dirname(file), target) : file;
        if (!fs.existsSync(resolved)) report(file, i + 1, `links to ${link}, which does not exist`);
        else if (anchor && resolved.endsWith('.md') && !hasAnchor(resolved, anchor))
          report(file, i + 1, `links to ${link}: no such heading`);
      }
      if (ISSUE.test(line))
        report(file, i + 1, 'cites an issue number (cite a document in the repo instead)');
    });
}

for (const file of walk(path.join(root, 'docs/decisions'), /^\d{4}-.*\.md$/)) {
  const head = fs.readFileSync(file, 'utf8').split('\n').slice(0, 8).join('\n');
  if (!/^Date: \d{4}-\d\d-\d\d$/m.test(head))
    report(file, 1, 'a decision record needs `Date: YYYY-MM-DD` under its title');
  if (!/^Status: (proposed|accepted|deprecated|superseded by \d{4})\b/m.test(head))
    report(
      file,
      1,
      'a decision record needs `Status: proposed | accepted | deprecated | superseded by NNNN`',
    );
}

if (problems.length) {
  console.error(
    `Documentation citations that are not true (scripts/check-docs.mjs):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
