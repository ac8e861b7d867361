import { pageTitle, SITE_NAME } from '#shared/site.ts';

// What a public page puts in <head> for search engines and link previews (WhatsApp, LinkedIn, Slack, X read
// only the first HTML response and run no JavaScript; docs/decisions/0014-server-rendered-public-pages.md).

/** The branded preview image (scripts/make-og-image.mjs draws it): 1200×630, the size every network shows. */
export const DEFAULT_SHARE_IMAGE = {
  path: '/og-default.png',
  width: 1200,
  height: 630,
  alt: 'TradeSkills: trade and apprenticeship training',
};

export interface ShareImage {
  /** Absolute, or a path on this site. */
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

export interface PageHead {
  /** Page name; the tab title adds the site name (pageTitle). Omitted on the home page. */
  title?: string;
  description: string;
  /** Path of the canonical URL on PUBLIC_URL, e.g. `/courses/…`. */
  path: string;
  image?: ShareImage;
  /** schema.org objects, each sent in its own application/ld+json block. */
  jsonLd?: object[];
  /** Pages that must stay out of search indexes (the 404 page, withdrawn courses). */
  noindex?: boolean;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON that is safe inside a <script> data block: `<` (so no `</script>` or `<!--`) and the two line separators
 * JavaScript treats as line ends are escaped; JSON.parse reads them back unchanged.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Meta descriptions are shown cut at about 155 characters: cut at a word and say so. */
export function shortDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

/** The <head> tags of one page, as HTML. */
export function renderHead(head: PageHead, publicUrl: string): string {
  const title = pageTitle(head.title);
  const url = absoluteUrl(publicUrl, head.path);
  const image = head.image ?? { ...DEFAULT_SHARE_IMAGE, url: DEFAULT_SHARE_IMAGE.path };
  const meta = (attr: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(content))}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : null,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:title', head.title ?? title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', absoluteUrl(publicUrl, image.url)),
    image.width ? meta('property', 'og:image:width', image.width) : null,
    image.height ? meta('property', 'og:image:height', image.height) : null,
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title ?? title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', absoluteUrl(publicUrl, image.url)),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
  ];
  return tags.filter((t): t is string => t !== null).join('\n    ');
}
