import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

// The client lives in src/client. `vite build` makes two things (docs/decisions/0014-server-rendered-public-pages.md):
// the browser app in dist/client (with .br/.gz copies of its text files) and the server renderer of the public
// pages in dist/server/entry-server.js.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  builder: {},
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // No polyfill: every browser we support has modulepreload.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Icons shared by several pages: one chunk rather than a request of ~200 bytes (and 1 kB of
              // headers) per icon.
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  environments: {
    ssr: {
      build: {
        outDir: '../../dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { input: { 'entry-server': 'entry-server.tsx' } },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/objects': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
    },
  },
});
