import type { FastifyInstance } from 'fastify';
import { every } from '#server/lib/periodic.ts';
import type { Worker } from '#server/workers.ts';
import { deliverDue } from './outbox.service.ts';
import { createTransport } from './transport.ts';

export const OUTBOX_POLL_MS = 2000;

/** Delivers the outbox every couple of seconds; errors are logged and retried with backoff. */
export function outboxWorker(app: FastifyInstance): Worker {
  const transport = createTransport(app.config.smtpUrl, app.config.mailFrom);
  return every(app.log, {
    name: 'email outbox delivery',
    firstRunMs: 100,
    intervalMs: OUTBOX_POLL_MS,
    run: async () => {
      await deliverDue(app.db, transport);
    },
  });
}
