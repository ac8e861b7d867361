import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { text } from '#shared/schemas/common.ts';
import { creditNotePdfFor } from './refund-documents.service.ts';

/** Credit-note downloads for their buyer and finance (docs/product.md#refunds-cancellations-and-credit-notes). */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/credit-notes/:id.pdf',
    { schema: { tags: ['invoices'], params: z.object({ id: text().max(100) }) }, onRequest: [requireUser] },
    async (request, reply) => {
      const pdf = await creditNotePdfFor(
        app.db,
        await principalOf(request),
        request.params.id,
        app.config.invoicing,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf.content);
    },
  );
};
