import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// `npm test` (scripts/test.mjs) runs the api project on both databases and sets TEST_DB_PAIR. Suites that test the
// process rather than its SQL then run on one database only: the graceful shutdown on PGlite (the embedded
// database must be flushed and closed by the process itself) and the start-up checks (the embedded data
// directory's lock; they never read TEST_DB), the fuzz test on PostgreSQL.
const ONE_DATABASE_ONLY = {
  pglite: ['src/server/shutdown.test.ts', 'src/server/startup.test.ts'],
  postgres: ['src/server/test/fuzz.test.ts'],
};
const thisDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const otherDbsSuites = process.env.TEST_DB_PAIR
  ? ONE_DATABASE_ONLY[thisDb === 'postgres' ? 'pglite' : 'postgres']
  : [];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.unit.test.ts', ...otherDbsSuites],
          globalSetup: ['src/server/test/global-setup.ts'],
          // One module graph per worker, not per file: each file still gets its own app and database
          // (harness.ts), and the server keeps no module state between apps (scripts/check-composition.mjs).
          // Importing the server once instead of once per file halves the suite's CPU time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/client/**/*.test.tsx', 'src/client/**/*.test.ts'],
          // The whole app renders in jsdom in some of these; on a busy two-core machine that can pass 5 s.
          testTimeout: 15_000,
          setupFiles: ['src/client/test/setup.ts'],
        },
      },
    ],
  },
});
