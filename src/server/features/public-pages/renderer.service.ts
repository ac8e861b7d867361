import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type PageHead, renderHead, safeJson } from './head.presenter.ts';
import type { PrefetchedQuery } from './pages.registry.ts';

/** What dist/server/entry-server.js (built from src/client/entry-server.tsx) exports. */
export interface ServerEntry {
  render(url: string, queries: readonly PrefetchedQuery[]): Promise<{ html: string; state: unknown }>;
}

const ROOT = '<div id="root"></div>';

/**
 * Turns the built index.html into a page: its own head tags, and (when rendered on the server) the app's HTML
 * inside #root followed by the query cache as a JSON data block that the browser hydrates from.
 */
export class PageRenderer {
  private readonly template: string;
  private entry: Promise<ServerEntry | null> | undefined;

  constructor(
    clientDir: string,
    private readonly serverEntryFile: string,
    private readonly publicUrl: string,
  ) {
    const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    if (!template.includes(ROOT)) throw new Error(`${clientDir}/index.html has no ${ROOT}`);
    // The page's own title and description replace the template's.
    this.template = template
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
  }

  /** The server renderer, loaded once; null when the build has none (then pages are rendered in the browser). */
  private serverEntry(): Promise<ServerEntry | null> {
    this.entry ??= fs.existsSync(this.serverEntryFile)
      ? (import(pathToFileURL(this.serverEntryFile).href) as Promise<ServerEntry>)
      : Promise.resolve(null);
    return this.entry;
  }

  /** The app shell with this page's head: the browser renders the body. */
  shell(head: PageHead): string {
    return this.fill(head, ROOT);
  }

  /** The page rendered on the server; the shell when there is no server renderer. */
  async render(url: string, head: PageHead, queries: readonly PrefetchedQuery[]): Promise<string> {
    const entry = await this.serverEntry();
    if (!entry) return this.shell(head);
    const { html, state } = await entry.render(url, queries);
    const body = `<div id="root">${html}</div>\n    <script type="application/json" id="query-state">${safeJson(state)}</script>`;
    // Rendered content needs no "enable JavaScript" notice.
    return this.fill(head, body).replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  }

  private fill(head: PageHead, root: string): string {
    return this.template
      .replace('</head>', () => `  ${renderHead(head, this.publicUrl)}\n  </head>`)
      .replace(ROOT, () => root);
  }
}
