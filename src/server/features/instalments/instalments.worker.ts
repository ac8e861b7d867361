import type { FastifyInstance } from 'fastify';
import { every, type Worker } from '#server/lib/periodic.worker.ts';
import { runInstalments } from './instalments.service.ts';

/**
 * The instalment job (docs/product.md#failed-instalments): two minutes after start, then every hour. Each run does
 * what has fallen due (a charge on its due date, a retry on its day, a pause after the grace period), so charges
 * happen on the right day whenever the process restarts; a second run the same day finds nothing to do.
 */
export const INSTALMENT_JOB_INTERVAL_MS = 60 * 60 * 1000;

export function instalmentWorker(app: FastifyInstance): Worker {
  const deps = app.instalmentDeps;
  return every(app.log, {
    name: 'instalments',
    firstRunMs: 120_000,
    intervalMs: INSTALMENT_JOB_INTERVAL_MS,
    run: async () => {
      const report = await runInstalments(deps);
      if (report.charged || report.failed || report.defaulted || report.paused) {
        app.log.info({ instalments: report }, 'instalment job done');
      }
    },
  });
}
