import type { FastifyInstance } from 'fastify';
import { every, type Worker } from '#server/lib/periodic.worker.ts';
import { sweepRetiredPackages } from './package.service.ts';

/** Every 15 minutes: deletes the files of packages that were replaced or whose topic was deleted. */
export function scormSweeper(app: FastifyInstance): Worker {
  return every(app.log, {
    name: 'scorm sweep',
    firstRunMs: 45_000,
    intervalMs: 15 * 60 * 1000,
    run: async () => {
      const removed = await sweepRetiredPackages(app.mediaDeps);
      if (removed) app.log.info({ removed }, 'removed retired SCORM packages');
    },
  });
}
