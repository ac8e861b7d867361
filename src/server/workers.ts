import type { FastifyInstance } from 'fastify';
import { liveSessionOtjWorker } from '#server/features/apprenticeships/index.ts';
import { paymentReconciler } from '#server/features/checkout/index.ts';
import { outboxWorker } from '#server/features/email/index.ts';
import { instalmentWorker } from '#server/features/instalments/index.ts';
import { mediaSweeper } from '#server/features/media/index.ts';
import { notificationJobsWorker } from '#server/features/notifications/index.ts';
import { exportWorker, retentionWorker } from '#server/features/privacy/index.ts';
import { refundResender } from '#server/features/refunds/index.ts';
import { scormSweeper } from '#server/features/scorm/index.ts';
import { unconfirmedOrderSweeper } from '#server/features/teams/index.ts';
import type { Worker } from './lib/periodic.worker.ts';

/** Background loops that every app process runs (features add theirs to `workerFactories`). */
export const workerFactories: ((app: FastifyInstance) => Worker)[] = [
  outboxWorker,
  mediaSweeper,
  paymentReconciler,
  refundResender,
  instalmentWorker,
  liveSessionOtjWorker,
  scormSweeper,
  unconfirmedOrderSweeper,
  notificationJobsWorker,
  exportWorker,
  retentionWorker,
];

export function startWorkers(app: FastifyInstance): Worker {
  const running = workerFactories.map((make) => make(app));
  return {
    async stop() {
      await Promise.all(running.map((w) => w.stop()));
    },
  };
}
