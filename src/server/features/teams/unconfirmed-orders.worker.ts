import type { FastifyInstance } from 'fastify';
import { every, type Worker } from '#server/lib/periodic.worker.ts';
import { removeExpiredOrders } from './order-confirmation.service.ts';

/** Every 15 minutes: invoice orders nobody confirmed within 24 hours are removed (docs/team-seats.md "Buying"). */
export function unconfirmedOrderSweeper(app: FastifyInstance): Worker {
  return every(app.log, {
    name: 'unconfirmed team orders',
    firstRunMs: 90_000,
    intervalMs: 15 * 60 * 1000,
    run: async () => {
      const removed = await removeExpiredOrders(app.db);
      if (removed) app.log.info({ removed }, 'removed unconfirmed team orders');
    },
  });
}
