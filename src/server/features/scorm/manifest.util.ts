import { XMLParser } from 'fast-xml-parser';

// Reading imsmanifest.xml (IMS Content Packaging as SCORM 1.2 and 2004 use it; README 'SCORM packages'): the
// version, the title, the launch file of the default organisation's first item, and its mastery score.

export interface PackageManifest {
  version: '1.2' | '2004';
  title: string;
  /** Relative to the package root; may carry the item's parameters as a query string. */
  launchPath: string;
  /** The file the launch path names (no query string or fragment). */
  launchFile: string;
  masteryScore: number | null;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Entities declared in a DOCTYPE are not expanded: a manifest needs none, and expansion is a memory bomb.
  processEntities: false,
  htmlEntities: false,
  isArray: (name) => ['organization', 'item', 'resource', 'file'].includes(name),
  parseTagValue: false,
  trimValues: true,
});

export class ManifestError extends Error {}

const asArray = (value: unknown): Node[] =>
  Array.isArray(value) ? (value as Node[]) : value && typeof value === 'object' ? [value as Node] : [];
const textOf = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (value && typeof value === 'object' && '#text' in value) return String((value as Node)['#text']).trim();
  return '';
};
const decodeXml = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function versionOf(manifest: Node, xml: string): '1.2' | '2004' {
  const schemaVersion = textOf((manifest.metadata as Node | undefined)?.schemaversion);
  if (/2004|CAM 1\.3/i.test(schemaVersion)) return '2004';
  if (/^1\.2$/.test(schemaVersion)) return '1.2';
  // Some tools leave the metadata out: the adlcp namespace tells.
  if (/adlcp_v1p3/.test(xml)) return '2004';
  if (/adlcp_rootv1p2/.test(xml)) return '1.2';
  throw new ManifestError('The manifest names no SCORM version (1.2 or 2004)');
}

/** The first item, depth first, that launches something. */
function firstLaunchItem(items: Node[]): Node | null {
  for (const item of items) {
    if (item['@identifierref']) return item;
    const nested = firstLaunchItem(asArray(item.item));
    if (nested) return nested;
  }
  return null;
}

/** A relative path inside the package, or null when it would leave it or is absolute. */
export function safeRelativePath(value: string): string | null {
  const path = value.replace(/\\/g, '/');
  if (!path || path.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(path)) return null;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length ? parts.join('/') : null;
}

export function parseManifest(xml: string): PackageManifest {
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new ManifestError(`imsmanifest.xml does not parse: ${(error as Error).message.split('\n')[0]}`);
  }
  const manifest = doc.manifest as Node | undefined;
  if (!manifest) throw new ManifestError('imsmanifest.xml has no <manifest> element');
  const version = versionOf(manifest, xml);
  const orgs = manifest.organizations as Node | undefined;
  const organizations = asArray(orgs?.organization);
  const organization =
    organizations.find((o) => o['@identifier'] === orgs?.['@default']) ?? organizations[0] ?? null;
  if (!organization) throw new ManifestError('The manifest has no organization');
  const item = firstLaunchItem(asArray(organization.item));
  if (!item) throw new ManifestError('The manifest has no item to launch');
  const resources = manifest.resources as Node | undefined;
  const resource = asArray(resources?.resource).find((r) => r['@identifier'] === item['@identifierref']);
  const href = resource?.['@href'];
  if (!resource || typeof href !== 'string' || !href.trim())
    throw new ManifestError('The launch item names no resource with an href');
  const base = [resources?.['@base'], resource['@base']].filter((b): b is string => typeof b === 'string');
  const [file = '', query = ''] = decodeXml(href.trim()).split(/\?(.*)/s);
  const launchFile = safeRelativePath([...base, file.split('#')[0]].join('/'));
  if (!launchFile) throw new ManifestError('The launch file lies outside the package');
  const parameters = typeof item['@parameters'] === 'string' ? decodeXml(item['@parameters']) : '';
  const joined = [query, parameters.replace(/^[?&]/, '')].filter(Boolean).join('&');
  const title =
    textOf(organization.title) || textOf(item.title) || textOf(manifest['@identifier']) || 'SCORM package';
  return {
    version,
    title: title.slice(0, 300),
    launchPath: joined ? `${launchFile}?${joined}` : launchFile,
    launchFile,
    masteryScore: masteryScoreOf(version, item),
  };
}

function masteryScoreOf(version: '1.2' | '2004', item: Node): number | null {
  if (version === '1.2') {
    const score = Number.parseFloat(textOf(item.masteryscore));
    return Number.isFinite(score) && score >= 0 && score <= 100 ? score : null;
  }
  const objective = ((item.sequencing as Node | undefined)?.objectives as Node | undefined)
    ?.primaryObjective as Node | undefined;
  if (!objective || String(objective['@satisfiedByMeasure']) !== 'true') return null;
  const measure = Number.parseFloat(textOf(objective.minNormalizedMeasure) || '1');
  return Number.isFinite(measure) && measure >= -1 && measure <= 1 ? measure : null;
}
