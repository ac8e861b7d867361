import type { FastifyInstance } from 'fastify';
import { every, type Worker } from '#server/lib/periodic.worker.ts';
import { reconcilePayments } from './reconcile.service.ts';

export const RECONCILE_INTERVAL_MS = 5 * 60 * 1000;

/** Every 5 minutes: provisions payments that were paid but never confirmed, and closes abandoned ones. */
export function paymentReconciler(app: FastifyInstance): Worker {
  return every(app.log, {
    name: 'payment reconciliation',
    firstRunMs: 60_000,
    intervalMs: RECONCILE_INTERVAL_MS,
    run: async () => {
      const result = await reconcilePayments(app.checkoutDeps);
      if (result.provisioned || result.abandoned || result.schedulesCreated) {
        app.log.info(result, 'reconciled payments');
      }
    },
  });
}
