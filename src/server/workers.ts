import type { FastifyInstance } from 'fastify';
import { liveSessionOtjWorker } from './features/apprenticeships/platform-learning.ts';
import { paymentReconciler } from './features/checkout/reconcile.worker.ts';
import { outboxWorker } from './features/email/outbox.worker.ts';
import { mediaSweeper } from './features/media/sweeper.worker.ts';
import { unconfirmedOrderSweeper } from './features/teams/unconfirmed-orders.worker.ts';
import type { Worker } from './lib/periodic.ts';

/** Background loops that every app process runs (features add theirs to `workerFactories`). */
export const workerFactories: ((app: FastifyInstance) => Worker)[] = [
  outboxWorker,
  mediaSweeper,
  paymentReconciler,
  liveSessionOtjWorker,
  unconfirmedOrderSweeper,
];

export function startWorkers(app: FastifyInstance): Worker {
  const running = workerFactories.map((make) => make(app));
  return {
    async stop() {
      await Promise.all(running.map((w) => w.stop()));
    },
  };
}
