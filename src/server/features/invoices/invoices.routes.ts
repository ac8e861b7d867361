import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { text } from '#shared/schemas/common.ts';
import { invoicePdfFor } from './invoices.service.ts';

/** GET /api/invoices/:id.pdf: an invoice (a receipt once paid) as a PDF download. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices/:id.pdf',
    {
      schema: { tags: ['invoices'], params: z.object({ id: text().max(100) }) },
      onRequest: [requireUser],
    },
    async (request, reply) => {
      const pdf = await invoicePdfFor(
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
