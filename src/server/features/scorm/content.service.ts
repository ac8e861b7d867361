import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { scormPackages } from '#server/db/schema/index.ts';
import { type MediaDeps, parseRange } from '#server/features/media/index.ts';
import { notFound } from '#server/lib/http.error.ts';
import { flattenCmi } from './cmi.service.ts';
import { verifyContentToken } from './content-token.service.ts';
import { contentTypeFor, isHtml } from './content-types.util.ts';
import { safeRelativePath } from './manifest.util.ts';
import { packageFileKey } from './package.service.ts';
import { launchCmi } from './tracking.service.ts';

// Serving a package's files to the player's frame (docs/decisions/0017-scorm-opaque-origin.md): by token, from
// either object store, streamed in ranges; every HTML page gets the cross-frame runtime script first, so the
// package finds `API` / `API_1484_11` in its own window.

export const RUNTIME_PATH = '/scorm-runtime.js';
const RUNTIME_TAG = `<script src="${RUNTIME_PATH}"></script>`;
/** HTML pages larger than this are served as they are (no package has such pages; it bounds memory). */
const MAX_INJECTED_HTML = 4 * 1024 * 1024;
const CHUNK = 1024 * 1024;

export interface PackageFile {
  status: 200 | 206 | 416;
  contentType: string;
  size: number;
  range?: { start: number; end: number };
  body: Readable | Buffer | null;
}

function rangeStream(read: (start: number, length: number) => Promise<Buffer>, start: number, end: number) {
  return Readable.from(
    (async function* () {
      for (let at = start; at <= end; ) {
        const bytes = await read(at, Math.min(CHUNK, end - at + 1));
        if (!bytes.length) return;
        at += bytes.length;
        yield bytes;
      }
    })(),
  );
}

/** Puts the runtime script before anything else the page runs. */
export function injectRuntime(html: string, prefill: Record<string, string>): string {
  // The cross-frame API answers GetValue from a cache it fills asynchronously; a package that reads its resume
  // point straight after Initialize finds it already there (JSON with '<' escaped cannot end the script).
  const data = JSON.stringify(prefill).replace(/</g, '\\u003c');
  const tags = `${RUNTIME_TAG}<script>(function(d){var c=window.API&&window.API._cache;if(c)for(var k in d)c.set(k,d[k]);})(${data});</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const at = head ?? /<html(\s[^>]*)?>/i.exec(html);
  if (!at) return tags + html;
  return html.slice(0, at.index + at[0].length) + tags + html.slice(at.index + at[0].length);
}

export async function packageFile(
  deps: MediaDeps,
  secret: string,
  token: string,
  requestedPath: string,
  rangeHeader: string | undefined,
): Promise<PackageFile> {
  const holder = verifyContentToken(secret, token);
  const path = safeRelativePath(requestedPath);
  if (!holder || !path) throw notFound('File not found');
  const [pkg] = await deps.db.select().from(scormPackages).where(eq(scormPackages.id, holder.packageId));
  // A replaced or removed package is gone for its old tokens too.
  if (!pkg?.topicId) throw notFound('File not found');
  const key = packageFileKey(pkg, path);
  const store = deps.objectStore;
  const info = await store.stat(key);
  if (!info) throw notFound('File not found');
  const contentType = contentTypeFor(path);
  const read = (start: number, length: number) => store.readRange(key, start, length);
  if (isHtml(path) && info.size <= MAX_INJECTED_HTML) {
    const prefill = await launchCmi(deps, pkg, holder.userId);
    const html = injectRuntime((await read(0, info.size)).toString('utf8'), flattenCmi(prefill));
    const body = Buffer.from(html, 'utf8');
    return { status: 200, contentType, size: body.length, body };
  }
  const range = parseRange(rangeHeader, info.size);
  if (range === 'unsatisfiable') return { status: 416, contentType, size: info.size, body: null };
  if (range)
    return {
      status: 206,
      contentType,
      size: info.size,
      range,
      body: rangeStream(read, range.start, range.end),
    };
  return {
    status: 200,
    contentType,
    size: info.size,
    body: info.size ? rangeStream(read, 0, info.size - 1) : Buffer.alloc(0),
  };
}

let runtime: string | null = null;

/**
 * scorm-again's CrossFrameAPI (its browser build, from the installed package) and the lines that make it the
 * page's SCORM API, talking to the top window (the player) at the origin the files are served from.
 */
export function runtimeScript(): string {
  if (runtime) return runtime;
  const file = createRequire(import.meta.url).resolve('scorm-again/cross-frame-api/min');
  const library = fs.readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/m, '');
  runtime = `${library}
;(function () {
  var Api = window.CrossFrameAPI && (window.CrossFrameAPI.default || window.CrossFrameAPI);
  var api = new Api(window.location.origin, window.top);
  window.API = api;
  window.API_1484_11 = api;
})();
`;
  return runtime;
}
