import type { FastifyInstance } from 'fastify';
import { deliverDue } from '#server/lib/mail/outbox.service.ts';
import { every, type Worker } from '#server/lib/periodic.worker.ts';

export const OUTBOX_POLL_MS = 2000;

/** Delivers the outbox every couple of seconds; errors are logged and retried with backoff. */
export function outboxWorker(app: FastifyInstance): Worker {
  // On shutdown the email being sent finishes; the rest of its batch goes back to the queue at once.
  const stopping = new AbortController();
  const loop = every(app.log, {
    name: 'email outbox delivery',
    firstRunMs: 100,
    intervalMs: OUTBOX_POLL_MS,
    run: async () => {
      await deliverDue(app.db, app.mail, { signal: stopping.signal });
    },
  });
  return {
    async stop() {
      stopping.abort();
      await loop.stop();
    },
  };
}
