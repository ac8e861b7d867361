import type { FastifyInstance } from 'fastify';
import { every, type Worker } from '#server/lib/periodic.worker.ts';
import { sweepUnattached } from './media.service.ts';

export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/** Every 15 minutes: removes uploads that were never attached to anything within 24 hours. */
export function mediaSweeper(app: FastifyInstance): Worker {
  return every(app.log, {
    name: 'media sweep',
    firstRunMs: 30_000,
    intervalMs: SWEEP_INTERVAL_MS,
    run: async () => {
      const removed = await sweepUnattached(app.mediaDeps);
      if (removed) app.log.info({ removed }, 'removed unattached uploads');
    },
  });
}
