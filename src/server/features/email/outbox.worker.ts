import type { FastifyInstance } from 'fastify';
import type { Worker } from '#server/workers.ts';
import { deliverDue } from './outbox.service.ts';
import { createTransport } from './transport.ts';

export const OUTBOX_POLL_MS = 2000;

/** Delivers the outbox every couple of seconds; errors are logged and retried with backoff. */
export function outboxWorker(app: FastifyInstance): Worker {
  const transport = createTransport(app.config.smtpUrl, app.config.mailFrom);
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = deliverDue(app.db, transport)
      .catch((error: unknown) => app.log.error({ err: error }, 'email outbox delivery failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, OUTBOX_POLL_MS);
      });
  };
  let timer = setTimeout(tick, 100);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
