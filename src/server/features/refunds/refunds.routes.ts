import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { text } from '#shared/schemas/common.ts';
import { creditNotePdfFor, refundReceiptPdfFor } from './refund-documents.service.ts';

const params = z.object({ id: text().max(100) });

/**
 * Credit-note and refund-receipt downloads for their buyer and finance
 * (docs/product.md#refunds-cancellations-and-credit-notes).
 */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = {
    '/api/credit-notes/:id.pdf': creditNotePdfFor,
    '/api/refund-receipts/:id.pdf': refundReceiptPdfFor,
  };
  for (const [url, pdfFor] of Object.entries(documents)) {
    app.get(
      url,
      { schema: { tags: ['invoices'], params }, onRequest: [requireUser] },
      async (request, reply) => {
        const { id } = params.parse(request.params);
        const pdf = await pdfFor(app.db, await principalOf(request), id, app.config.invoicing);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf.content);
      },
    );
  }
};
