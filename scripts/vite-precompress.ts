import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every text file of the browser build, so the
 * server sends them as files (@fastify/static `preCompressed`) and never compresses a static file per request.
 */
export function precompress(): Plugin {
  return {
    name: 'tradeskills:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      for (const file of files(dir)) {
        if (!TEXT.test(file)) continue;
        // Small files too: a static file without a compressed copy would be compressed on every request.
        const raw = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        fs.writeFileSync(`${file}.br`, br);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}
