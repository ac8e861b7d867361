import type { FastifyInstance } from 'fastify';
import type { Worker } from '#server/workers.ts';
import { sweepUnattached } from './media.service.ts';

export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/** Every 15 minutes: removes uploads that were never attached to anything within 24 hours. */
export function mediaSweeper(app: FastifyInstance): Worker {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = sweepUnattached(app)
      .then((removed) => {
        if (removed) app.log.info({ removed }, 'removed unattached uploads');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'media sweep failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, SWEEP_INTERVAL_MS);
      });
  };
  let timer = setTimeout(tick, 30_000);
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
