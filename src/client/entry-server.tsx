import { Writable } from 'node:stream';
import { type DehydratedState, dehydrate, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { App } from './app/app.tsx';
import { createQueryClient } from './lib/query-client.ts';

// The server renderer of the public pages (docs/decisions/0014-server-rendered-public-pages.md). Vite builds
// it into dist/server/entry-server.js; src/server/features/public-pages/renderer.service.ts loads it.

export interface PrefetchedQuery {
  queryKey: QueryKey;
  data: unknown;
}

export interface RenderResult {
  html: string;
  /** The query cache after rendering, for the browser to hydrate from (no refetch, no flash). */
  state: DehydratedState;
}

const RENDER_TIMEOUT_MS = 10_000;

/** Renders `url` with the queries the server already answered, waiting for every lazy page (onAllReady). */
export function render(url: string, queries: readonly PrefetchedQuery[]): Promise<RenderResult> {
  // One client per request: nothing cached for one visitor can reach another.
  const queryClient = createQueryClient();
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  const [path = '/', search = ''] = url.split('?');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve({ html: Buffer.concat(chunks).toString('utf8'), state: dehydrate(queryClient) });
        queryClient.clear();
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <App queryClient={queryClient} ssrPath={path} ssrSearch={search} />
      </StrictMode>,
      {
        // Crawlers and link previews read the whole document: send it complete, not streamed.
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (error) => reject(error),
      },
    );
    setTimeout(() => stream.abort(new Error('Server rendering timed out')), RENDER_TIMEOUT_MS).unref();
  });
}
