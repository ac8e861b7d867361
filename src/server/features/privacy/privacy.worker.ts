import type { FastifyInstance } from 'fastify';
import { every, type Worker } from '#server/lib/periodic.worker.ts';
import { runNextExport } from './export.service.ts';
import { runRetention } from './retention.service.ts';

export const EXPORT_POLL_MS = 2000;
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Builds queued data exports, one after another, every couple of seconds (README 'Your data'). */
export function exportWorker(app: FastifyInstance): Worker {
  const deps = app.privacyDeps;
  return every(app.log, {
    name: 'data export',
    firstRunMs: 500,
    intervalMs: EXPORT_POLL_MS,
    run: async () => {
      while (await runNextExport(deps)) {
        // Next job, if any.
      }
    },
  });
}

/** The daily retention job (README 'Your data'): a minute after start, then every 24 hours. */
export function retentionWorker(app: FastifyInstance): Worker {
  const deps = app.privacyDeps;
  return every(app.log, {
    name: 'retention',
    firstRunMs: 60_000,
    intervalMs: RETENTION_INTERVAL_MS,
    run: async () => {
      const report = await runRetention(deps);
      app.log.info({ retention: report }, 'retention job done');
    },
  });
}
