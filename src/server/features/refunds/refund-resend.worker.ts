import type { FastifyInstance } from 'fastify';
import { every, type Worker } from '#server/lib/periodic.worker.ts';
import { askUnaskedParts } from './refunds.service.ts';

export const REFUND_RESEND_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Every 5 minutes: asks the payment provider for refund parts that were recorded but never sent, because the
 * process stopped in between (docs/decisions/0019-refunds-exactly-once.md).
 */
export function refundResender(app: FastifyInstance): Worker {
  return every(app.log, {
    name: 'refund resend',
    firstRunMs: 90_000,
    intervalMs: REFUND_RESEND_INTERVAL_MS,
    run: async () => {
      const asked = await askUnaskedParts(app.refundDeps);
      if (asked) app.log.info({ asked }, 'asked the provider again for unsent refund parts');
    },
  });
}
