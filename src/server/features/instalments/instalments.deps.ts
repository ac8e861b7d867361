import type { FastifyInstance } from 'fastify';
import type { InstalmentDeps } from './instalments.service.ts';

/** What the instalment job and the buyer's routes need, from the app (docs/product.md#failed-instalments). */
export function instalmentDeps(app: FastifyInstance): InstalmentDeps {
  return {
    db: app.db,
    database: app.database,
    provider: app.payments,
    publicUrl: app.config.publicUrl,
    graceDays: app.config.instalmentGraceDays,
    log: app.log,
    invoicing: app.config.invoicing,
  };
}
